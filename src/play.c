/*
 * play.c - the terminal game: people and computer players at one board.
 *
 * Knows nothing of any game's rules: it draws with ops->render, reads moves
 * with game_play_text, and offers completions when a typed token is the
 * start of several legal moves (LOT's tower choices, for instance).
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "ai/engine.h"
#include "record.h"
#include "util.h"

#include <ctype.h>
#include <editline/readline.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct seat {
    engine *eng; /* NULL: a person */
    char label[160];
} seat;

typedef struct session {
    game *g;
    seat seats[2];
    int interactive;
} session;

static void capitalised(const char *s, char *out, size_t len)
{
    snprintf(out, len, "%s", s);
    if (out[0])
        out[0] = (char)toupper((unsigned char)out[0]);
}

/* One line of input; NULL at end of input.  Caller frees. */
static char *read_line(const session *s, const char *prompt)
{
    if (s->interactive) {
        char *line = readline(prompt);
        if (line && *line)
            add_history(line);
        return line;
    }
    fputs(prompt, stdout);
    fflush(stdout);
    char buf[1024];
    if (!fgets(buf, sizeof buf, stdin))
        return NULL;
    util_str_chomp(buf);
    printf("%s\n", buf);
    return strdup(buf);
}

static void show(const session *s)
{
    char board[GAME_RENDER_MAX];
    const game *g = s->g;
    g->ops->render(g, board, sizeof board);
    fputs(board, stdout);
    int r = g->ops->result(g);
    if (r == RESULT_NONE) {
        char c[32];
        capitalised(g->ops->colour[g->ops->to_move(g)], c, sizeof c);
        printf("%s to move (%s)\n", c, s->seats[g->ops->to_move(g)].label);
    } else {
        char why[GAME_ERR_MAX];
        g->ops->result_reason(g, why, sizeof why);
        printf("Game over: %s (%s)\n", game_result_text(r), why);
    }
    fflush(stdout);
}

static void list_moves(const game *g)
{
    qmove moves[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, moves);
    if (!n) {
        printf("No legal moves: the game is over.\n");
        return;
    }
    printf("%d legal moves:\n", n);
    int col = 0;
    for (int i = 0; i < n; i++) {
        char t[GAME_MOVE_TEXT_MAX];
        g->ops->move_to_text(g, moves[i], t, sizeof t);
        int w = (int)strlen(t) + 1;
        if (col + w > 78) {
            putchar('\n');
            col = 0;
        }
        printf("%s ", t);
        col += w;
    }
    putchar('\n');
}

static void help(void)
{
    printf("Type a move in the game's notation, or a command:\n"
           "  moves   list the legal moves\n"
           "  undo    take back your last turn (and the computer's reply)\n"
           "  board   draw the board again\n"
           "  new     start a new game with the same options\n"
           "  save FILE  save the game as an SGF record\n"
           "  load FILE  continue a game from an SGF record\n"
           "  help    this text\n"
           "  quit    leave\n"
           "A multi-stone turn is written with commas, e.g. h2,j4.\n"
           "If you type only the start of a move (e.g. the placed cell) and several\n"
           "moves begin with it, you get a numbered list to choose from.\n");
}

/* Legal moves whose canonical text starts with 'typed' followed by a
 * non-alphanumeric character: the person named a move only in part. */
static int completions(const game *g, const char *typed, qmove *out)
{
    qmove moves[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, moves), k = 0;
    size_t len = strlen(typed);
    if (len == 0)
        return 0;
    for (int i = 0; i < n; i++) {
        char t[GAME_MOVE_TEXT_MAX];
        g->ops->move_to_text(g, moves[i], t, sizeof t);
        if (util_strncasecmp(t, typed, len) == 0 && t[len] &&
            !isalnum((unsigned char)t[len]))
            out[k++] = moves[i];
    }
    return k;
}

/* Returns 1 if a move was made. */
static int try_completion(session *s, const char *typed)
{
    game *g = s->g;
    qmove cands[GAME_MAX_MOVES];
    int k = completions(g, typed, cands);
    if (k == 0)
        return 0;
    char t[GAME_MOVE_TEXT_MAX];
    printf("'%s' is the start of %d moves:\n", typed, k);
    for (int i = 0; i < k; i++) {
        g->ops->move_to_text(g, cands[i], t, sizeof t);
        printf("  %d. %s\n", i + 1, t);
    }
    char *line = read_line(s, "choose a number (empty to cancel): ");
    long choice;
    int made = 0;
    if (line && util_parse_long(line, &choice) == 0 && choice >= 1 && choice <= k) {
        g->ops->make(g, cands[choice - 1]);
        made = 1;
    } else if (line && *line) {
        printf("No such choice; nothing played.\n");
    }
    free(line);
    return made;
}

static void computer_turn(session *s)
{
    game *g = s->g;
    int p = g->ops->to_move(g);
    char turn[256] = "";
    while (g->ops->result(g) == RESULT_NONE && g->ops->to_move(g) == p) {
        engine_report rep;
        qmove m = engine_choose(s->seats[p].eng, g, &rep);
        if (m == QMOVE_NONE)
            break;
        char t[GAME_MOVE_TEXT_MAX];
        g->ops->move_to_text(g, m, t, sizeof t);
        util_str_appendf(turn, sizeof turn, "%s%s", turn[0] ? "," : "", t);
        g->ops->make(g, m);
    }
    char c[32];
    capitalised(g->ops->colour[p], c, sizeof c);
    printf("%s plays %s%s\n", c, turn,
           util_str_ieq(turn, "swap") ? " (colours swapped: the first piece changes colour)" : "");
}

/* Undo back to the last turn a person played. */
static void undo(session *s)
{
    game *g = s->g;
    if (g->ops->ply(g) == 0) {
        printf("Nothing to undo.\n");
        return;
    }
    int turns = 0;
    do {
        game_undo_turn(g);
        turns++;
    } while (g->ops->ply(g) > 0 && s->seats[g->ops->to_move(g)].eng);
    printf("Took back %d turn%s.\n", turns, turns == 1 ? "" : "s");
}

/* "save FILE" / "load FILE": SGF records through record.c. */
static void save_or_load(session *s, const char *cmd)
{
    const char *path = cmd + 5;
    while (isspace((unsigned char)*path))
        path++;
    char err[1024];
    if (cmd[0] == 's') {
        record *r = record_new(game_clone(s->g));
        if (!r || !r->g) {
            printf("Cannot save: out of memory.\n");
        } else {
            for (int p = 0; p < 2; p++)
                snprintf(r->player[p], sizeof r->player[p], "%.120s", s->seats[p].label);
            if (record_save(r, path, err, sizeof err) == 0)
                printf("Saved to %s.\n", path);
            else
                printf("%s\n", err);
        }
        record_free(r);
        return;
    }
    record *r = record_load(path, -1, err, sizeof err);
    if (!r) {
        printf("%s\n", err);
        return;
    }
    game_free(s->g);
    s->g = r->g;
    r->g = NULL;
    record_free(r);
    printf("Loaded %s.\n", path);
    show(s);
}

static int parse_seat(session *s, const char *arg)
{
    /* --SIDE=PLAYER[:settings] */
    const char *eq = strchr(arg, '=');
    if (strncmp(arg, "--", 2) != 0 || !eq) {
        fprintf(stderr, "quartet play: unexpected argument '%s' (expected --SIDE=PLAYER)\n", arg);
        return -1;
    }
    char side[32];
    snprintf(side, sizeof side, "%.*s", (int)(eq - arg - 2), arg + 2);
    int p = game_parse_colour(s->g->ops, side);
    if (p < 0) {
        fprintf(stderr, "quartet play: unknown side '%s' (first, second, %s or %s)\n", side,
                s->g->ops->colour[0], s->g->ops->colour[1]);
        return -1;
    }
    char kind[96];
    snprintf(kind, sizeof kind, "%s", eq + 1);
    char *settings = strchr(kind, ':');
    if (settings)
        *settings++ = 0;
    seat *st = &s->seats[p];
    if (st->eng)
        engine_free(st->eng);
    st->eng = NULL;
    if (util_str_ieq(kind, "human")) {
        if (settings) {
            fprintf(stderr, "quartet play: a human player takes no settings\n");
            return -1;
        }
        snprintf(st->label, sizeof st->label, "human");
        return 0;
    }
    char err[GAME_ERR_MAX];
    st->eng = engine_new(kind, err, sizeof err);
    if (!st->eng || (settings && engine_set_all(st->eng, settings, err, sizeof err) != 0)) {
        fprintf(stderr, "quartet play: %s\n", err);
        return -1;
    }
    snprintf(st->label, sizeof st->label, "%s%s%s", kind, settings ? " " : "",
             settings ? settings : "");
    return 0;
}

int play_main(int argc, char **argv)
{
    int next;
    session s;
    memset(&s, 0, sizeof s);
    s.g = cli_game(argc - 1, argv + 1, &next);
    if (!s.g)
        return 2;
    next++;
    snprintf(s.seats[0].label, sizeof s.seats[0].label, "human");
    char err[GAME_ERR_MAX];
    s.seats[1].eng = engine_new("ai", err, sizeof err);
    snprintf(s.seats[1].label, sizeof s.seats[1].label, "ai");
    int status = 0;
    for (int i = next; i < argc; i++)
        if (parse_seat(&s, argv[i]) != 0) {
            status = 2;
            goto done;
        }
    s.interactive = isatty(0) && isatty(1);

    char opts[256];
    game_options_text(s.g, opts, sizeof opts);
    printf("%s (%s). Type 'help' for commands.\n", s.g->ops->title,
           opts[0] ? opts : "no options");
    show(&s);
    for (;;) {
        game *g = s.g;
        int over = g->ops->result(g) != RESULT_NONE;
        int p = g->ops->to_move(g);
        if (!over && s.seats[p].eng) {
            computer_turn(&s);
            show(&s);
            continue;
        }
        if (over && s.seats[0].eng && s.seats[1].eng)
            break; /* computer against computer: nothing left to ask */
        char prompt[64];
        snprintf(prompt, sizeof prompt, "%s> ", over ? "game over" : g->ops->colour[p]);
        char *line = read_line(&s, prompt);
        if (!line)
            break;
        char *cmd = line;
        while (isspace((unsigned char)*cmd))
            cmd++;
        util_str_chomp(cmd);
        if (!*cmd) {
        } else if (util_str_ieq(cmd, "quit") || util_str_ieq(cmd, "exit")) {
            free(line);
            break;
        } else if (util_str_ieq(cmd, "help") || util_str_ieq(cmd, "?")) {
            help();
        } else if (util_str_ieq(cmd, "moves")) {
            list_moves(g);
        } else if (util_str_ieq(cmd, "board")) {
            show(&s);
        } else if (util_str_ieq(cmd, "undo")) {
            undo(&s);
            show(&s);
        } else if (util_str_ieq(cmd, "new")) {
            game *fresh = game_new_like(g);
            if (fresh) {
                game_free(s.g);
                s.g = fresh;
            }
            show(&s);
        } else if (strncmp(cmd, "save ", 5) == 0 || strncmp(cmd, "load ", 5) == 0) {
            save_or_load(&s, cmd);
        } else if (over) {
            printf("The game is over: type undo, new or quit.\n");
        } else if (game_play_text(g, cmd, err, sizeof err) >= 0) {
            if (util_str_ieq(cmd, "swap"))
                printf("Colours swapped: the first piece changes colour.\n");
            show(&s);
        } else if (!strchr(cmd, ',') && try_completion(&s, cmd)) {
            show(&s);
        } else {
            printf("%s\n", err);
        }
        free(line);
    }
done:
    for (int p = 0; p < 2; p++)
        if (s.seats[p].eng)
            engine_free(s.seats[p].eng);
    game_free(s.g);
    return status;
}
