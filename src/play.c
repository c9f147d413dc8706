/*
 * play.c - the terminal game: people and computer players at one board.
 *
 * Knows nothing of any game's rules: it draws with ops->render, reads moves
 * with game_play_text, and offers completions when a typed token is the
 * start of several legal moves (LOT's tower choices, for instance).
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "session.h"
#include "util.h"

#include <ctype.h>
#include <editline/readline.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct play {
    session *ses;
    char label[2][160]; /* "human", "ai level=3": shown beside the side to move */
    int interactive;
} play;

/* One line of input; NULL at end of input.  Caller frees. */
static char *read_line(const play *s, const char *prompt)
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

static void show(const play *s)
{
    char board[GAME_RENDER_MAX], why[GAME_ERR_MAX];
    const game_ops *ops = session_ops(s->ses);
    session_render(s->ses, board, sizeof board);
    fputs(board, stdout);
    int r = session_result(s->ses, why, sizeof why);
    if (r == RESULT_NONE) {
        char c[32];
        int p = session_to_move(s->ses);
        game_colour_capital(ops, p, c, sizeof c);
        printf("%s to move (%s)\n", c, s->label[p]);
    } else {
        printf("Game over: %s (%s)\n", game_result_text(r), why);
    }
    fflush(stdout);
}

static void list_moves(const play *s)
{
    strbuf b = STRBUF_INIT;
    if (session_legal_moves_text(s->ses, &b) != 0) {
        printf("Out of memory.\n");
        strbuf_free(&b);
        return;
    }
    const char *t = strbuf_str(&b);
    if (!*t) {
        printf("No legal moves: the game is over.\n");
        strbuf_free(&b);
        return;
    }
    int n = 1;
    for (const char *p = t; *p; p++)
        n += *p == ' ';
    printf("%d legal moves:\n", n);
    int col = 0;
    while (*t) {
        size_t w = strcspn(t, " ");
        if (col + (int)w + 1 > 78) {
            putchar('\n');
            col = 0;
        }
        printf("%.*s ", (int)w, t);
        col += (int)w + 1;
        t += w + (t[w] == ' ');
    }
    putchar('\n');
    strbuf_free(&b);
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
 * non-alphanumeric character: the person named a move only in part.
 * Their tokens go to out (GAME_MOVE_TEXT_MAX each). */
static int completions(const game *g, const char *typed, char (*out)[GAME_MOVE_TEXT_MAX])
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
            memcpy(out[k++], t, sizeof t);
    }
    return k;
}

/* Returns 1 if a move was made. */
static int try_completion(play *s, const char *typed)
{
    static char cands[GAME_MAX_MOVES][GAME_MOVE_TEXT_MAX];
    game *g = session_game_copy(s->ses);
    int k = g ? completions(g, typed, cands) : 0;
    game_free(g);
    if (k == 0)
        return 0;
    printf("'%s' is the start of %d moves:\n", typed, k);
    for (int i = 0; i < k; i++)
        printf("  %d. %s\n", i + 1, cands[i]);
    char *line = read_line(s, "choose a number (empty to cancel): ");
    char err[SESSION_ERR_MAX];
    long choice;
    int made = 0;
    if (line && util_parse_long(line, &choice) == 0 && choice >= 1 && choice <= k) {
        made = session_play(s->ses, -1, cands[choice - 1], 0, err, sizeof err) > 0;
        if (!made)
            printf("%s\n", err);
    } else if (line && *line) {
        printf("No such choice; nothing played.\n");
    }
    free(line);
    return made;
}

static void computer_turn(play *s)
{
    char turn[SESSION_TURN_MAX], err[SESSION_ERR_MAX], c[32];
    int p = session_to_move(s->ses);
    if (session_think_start(s->ses, NULL, err, sizeof err) != 0 ||
        session_think_finish(s->ses, 1, turn, sizeof turn, err, sizeof err) != 0) {
        printf("%s\n", err);
        return;
    }
    game_colour_capital(session_ops(s->ses), p, c, sizeof c);
    printf("%s plays %s%s\n", c, turn,
           util_str_ieq(turn, "swap") ? " (colours swapped: the first piece changes colour)" : "");
}

/* Undo back to the last turn a person played. */
static void undo(play *s)
{
    char err[SESSION_ERR_MAX];
    int turns = session_undo(s->ses, 1, err, sizeof err);
    if (turns <= 0)
        printf("Nothing to undo.\n");
    else
        printf("Took back %d turn%s.\n", turns, turns == 1 ? "" : "s");
}

/* "save FILE" / "load FILE": SGF records through the session. */
static void save_or_load(play *s, const char *cmd)
{
    const char *path = cmd + 5;
    while (isspace((unsigned char)*path))
        path++;
    char err[SESSION_ERR_MAX];
    if (cmd[0] == 's') {
        for (int p = 0; p < 2; p++)
            session_set_name(s->ses, p, s->label[p]);
        if (session_save(s->ses, path, err, sizeof err) == 0)
            printf("Saved to %s.\n", path);
        else
            printf("%s\n", err);
        return;
    }
    if (session_load(s->ses, path, -1, err, sizeof err) != 0) {
        printf("%s\n", err);
        return;
    }
    printf("Loaded %s.\n", path);
    show(s);
}

static int parse_seat(play *s, const char *arg)
{
    /* --SIDE=PLAYER[:settings] */
    const game_ops *ops = session_ops(s->ses);
    const char *eq = strchr(arg, '=');
    if (strncmp(arg, "--", 2) != 0 || !eq) {
        fprintf(stderr, "quartet play: unexpected argument '%s' (expected --SIDE=PLAYER)\n", arg);
        return -1;
    }
    char side[32], err[SESSION_ERR_MAX];
    snprintf(side, sizeof side, "%.*s", (int)(eq - arg - 2), arg + 2);
    int p = game_parse_colour(ops, side);
    if (p < 0) {
        fprintf(stderr, "quartet play: unknown side '%s' (first, second, %s or %s)\n", side,
                ops->colour[0], ops->colour[1]);
        return -1;
    }
    if (session_set_player(s->ses, p, eq + 1, err, sizeof err) != 0) {
        fprintf(stderr, "quartet play: %s\n", err);
        return -1;
    }
    snprintf(s->label[p], sizeof s->label[p], "%s", eq + 1);
    char *colon = strchr(s->label[p], ':');
    if (colon)
        *colon = ' ';
    return 0;
}

/* A command or a move typed at the prompt; 1 to leave. */
static int command(play *s, char *cmd, int over)
{
    char err[SESSION_ERR_MAX];
    if (!*cmd) {
    } else if (util_str_ieq(cmd, "quit") || util_str_ieq(cmd, "exit")) {
        return 1;
    } else if (util_str_ieq(cmd, "help") || util_str_ieq(cmd, "?")) {
        help();
    } else if (util_str_ieq(cmd, "moves")) {
        list_moves(s);
    } else if (util_str_ieq(cmd, "board")) {
        show(s);
    } else if (util_str_ieq(cmd, "undo")) {
        undo(s);
        show(s);
    } else if (util_str_ieq(cmd, "new")) {
        if (session_new_game(s->ses, NULL, 0, NULL, err, sizeof err) != 0)
            printf("%s\n", err);
        show(s);
    } else if (strncmp(cmd, "save ", 5) == 0 || strncmp(cmd, "load ", 5) == 0) {
        save_or_load(s, cmd);
    } else if (over) {
        printf("The game is over: type undo, new or quit.\n");
    } else if (session_play(s->ses, -1, cmd, 0, err, sizeof err) >= 0) {
        if (util_str_ieq(cmd, "swap"))
            printf("Colours swapped: the first piece changes colour.\n");
        show(s);
    } else if (!strchr(cmd, ',') && try_completion(s, cmd)) {
        show(s);
    } else {
        printf("%s\n", err);
    }
    return 0;
}

static void game_loop(play *s)
{
    const game_ops *ops = session_ops(s->ses);
    for (;;) {
        int p = session_to_move(s->ses), over = p < 0;
        if (!over && !session_is_human(s->ses, p)) {
            computer_turn(s);
            show(s);
            continue;
        }
        if (over && !session_is_human(s->ses, 0) && !session_is_human(s->ses, 1))
            break; /* computer against computer: nothing left to ask */
        char prompt[64];
        snprintf(prompt, sizeof prompt, "%s> ", over ? "game over" : ops->colour[p]);
        char *line = read_line(s, prompt);
        if (!line)
            break;
        char *cmd = line;
        while (isspace((unsigned char)*cmd))
            cmd++;
        util_str_chomp(cmd);
        int leave = command(s, cmd, over);
        free(line);
        if (leave)
            break;
        ops = session_ops(s->ses); /* a loaded record may be another game */
    }
}

int play_main(int argc, char **argv)
{
    int next;
    char err[SESSION_ERR_MAX];
    play s;
    memset(&s, 0, sizeof s);
    game *g = cli_game(argc - 1, argv + 1, &next);
    if (!g)
        return 2;
    next++;
    s.ses = session_new(g, err, sizeof err);
    if (!s.ses || session_set_player(s.ses, SESSION_SECOND, "ai", err, sizeof err) != 0) {
        fprintf(stderr, "quartet play: %s\n", err);
        session_free(s.ses);
        return 1;
    }
    snprintf(s.label[0], sizeof s.label[0], "human");
    snprintf(s.label[1], sizeof s.label[1], "ai");
    int status = 0;
    for (int i = next; i < argc && status == 0; i++)
        if (parse_seat(&s, argv[i]) != 0)
            status = 2;
    if (status == 0) {
        s.interactive = isatty(0) && isatty(1);
        char opts[GAME_TEXT_MAX];
        session_options_text(s.ses, opts, sizeof opts);
        printf("%s (%s). Type 'help' for commands.\n", session_ops(s.ses)->title,
               opts[0] ? opts : "no options");
        show(&s);
        game_loop(&s);
    }
    session_free(s.ses);
    return status;
}
