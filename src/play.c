/*
 * play.c - the terminal game: people and computer players at one board.
 *
 * Knows nothing of any game's rules: it draws with the session's render,
 * reads moves as text, and offers completions when a typed token is the
 * start of several legal moves (LOT's tower choices, for instance).
 * Searches (the computer's turn, hint, analyze) run on the session's worker
 * thread; this thread waits on the keyboard and on a pipe the search's
 * callbacks write to, so the thinking line updates and a key moves now.
 */
#define _XOPEN_SOURCE 700 /* wcwidth */
#include "ai/engine.h"
#include "cli.h"
#include "session.h"
#include "util.h"

#include <ctype.h>
#include <editline/readline.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <locale.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

#define LINE_MAX_CHARS 1000 /* longest line read at the prompt */
#define NEWS_MAX 2048       /* one progress report as text */
#define ANALYZE_MAX_S 600   /* longest analysis asked for */
#define QUOTE_(x) #x
#define QUOTE(x) QUOTE_(x)  /* a number's macro as a string */
#define TIME_USAGE "time SECONDS (a time per move, e.g. time 2s; 0: none, the level decides)"

typedef struct play {
    session *ses;
    char label[2][160]; /* "human", "ai level=3": shown beside the side to move */
    char level_aside[2][16]; /* the level typed, off the label while a time per move rules */
    int interactive;
    int held;           /* the terminal's keys held between prompts (hold_keys) */
    int cursor;         /* the terminal moves its cursor (not TERM=dumb or unset) */
    int colour;         /* the last turn's cells also in reverse video */
    int dirty;          /* moves played since the last save or load */
    int over_shown;     /* the screen last said the game is over */
    int fell;           /* the flag fell while the last line was typed */
    const char *warned; /* the command the unsaved-game warning was for, */
    const char *warned_before; /* and for the command before this one */
    strbuf line;        /* review: every turn of the game as loaded or played */
    int nline, view;    /* turns in line; turns on the board now */
    /* While reviewing: the record at the game's last turn, put back there
     * whole (a resignation is no turn to replay), and the kept clock,
     * stopped meanwhile so that replayed turns add no increment and no
     * flag falls in the past.  The time spent is charged on return. */
    int reviewing;
    strbuf end;
    int64_t end_left[2], end_t0, clock_base, clock_inc;
    int end_running;
    /* news from the search's worker thread */
    int pipe[2];
    pthread_mutex_t mu;
    char news[NEWS_MAX];
    int news_lines;     /* lines of the last report drawn, to redraw in place */
    int analysis;       /* the search: 0 the computer's turn, 1 hint, 2 analyze */
    game *view_game;    /* read-only copy for naming the search's moves */
    char best[GAME_MOVE_TEXT_MAX];
    double best_rate;
    int best_proven, best_plies; /* its proven value and moves left (engine_candidate) */
} play;

/* ---- input ---- */

static void show_status(play *s);
static int term_columns(void);

/* The keyboard as the line editor reads it.  libedit's readline calls
 * read_key without an argument, hence these. */
static struct {
    play *s;      /* whose kept clock is watched while a line is typed */
    int watch;    /* the game was on when the line began */
    int fell;     /* its flag fell: the line was ended for it */
    char again[LINE_MAX_CHARS + 1]; /* typed before that: read first */
    size_t next;
} keyboard;

/* How long the side to move's kept clock lasts, in ms (-1: none runs). */
static int flag_wait_ms(play *s)
{
    session_clock c;
    session_clock_state(s->ses, &c);
    if (c.kind != 2 || c.running < 0)
        return -1;
    int64_t left = c.left_ms[c.running] + 1; /* it falls once all of it is used */
    return left < 0 ? 0 : left > INT_MAX ? INT_MAX : (int)left;
}

/* One byte typed, waiting no longer than the kept clock lasts: 1; 0 when
 * the game ended first (its flag fell); -1 at the end of input. */
static int read_byte(int fd, char *c)
{
    for (;;) {
        if (keyboard.watch && session_to_move(keyboard.s->ses) < 0)
            return 0;
        struct pollfd p = {fd, POLLIN, 0};
        int r = poll(&p, 1, keyboard.watch ? flag_wait_ms(keyboard.s) : -1);
        if (r < 0 && errno != EINTR)
            return -1;
        if (r <= 0)
            continue; /* the clock's time is up, or a signal came: look again */
        ssize_t n = read(fd, c, 1);
        if (n == 1)
            return 1;
        if (n == 0 || (errno != EINTR && errno != EAGAIN))
            return -1;
    }
}

/* libedit's readline reads keys through this (rl_getc_function) and takes
 * what it returns as one character, so a key of the user's encoding is
 * decoded here.  A fallen flag ends the line with a newline. */
static int read_key(FILE *in)
{
    mbstate_t st;
    memset(&st, 0, sizeof st);
    for (;;) {
        char c;
        int got = 1;
        if (keyboard.again[keyboard.next])
            c = keyboard.again[keyboard.next++];
        else
            got = read_byte(fileno(in), &c);
        if (got <= 0) {
            keyboard.fell = got == 0;
            return got == 0 ? '\n' : -1;
        }
        wchar_t wc;
        size_t n = mbrtowc(&wc, &c, 1, &st);
        if (n == (size_t)-1)
            memset(&st, 0, sizeof st); /* not a character: dropped */
        else if (n != (size_t)-2)
            return (int)wc;
    }
}

/* Columns the text takes on the screen. */
static int text_width(const char *t)
{
    mbstate_t st;
    memset(&st, 0, sizeof st);
    int w = 0;
    wchar_t wc;
    size_t n;
    while (*t && (n = mbrtowc(&wc, t, strlen(t), &st)) != 0 && n < (size_t)-2) {
        int cw = wcwidth(wc);
        w += cw < 0 ? 2 : cw; /* a control character shows as ^X */
        t += n;
    }
    return w;
}

/* The flag fell while a line was typed: the line leaves the screen for
 * the result (a terminal that moves its cursor; the editor ended the line
 * and began a row below it). */
static void show_flag_fall(play *s, const char *prompt, const char *line)
{
    if (s->cursor)
        printf("\033[%dA\r\033[J", 1 + (text_width(prompt) + text_width(line)) / term_columns());
    show_status(s);
}

/* The next line begins with what was typed (control keys left out: they
 * would act again). */
static void type_again(const char *line)
{
    size_t n = 0;
    for (const char *p = line; *p && n < LINE_MAX_CHARS; p++)
        if ((unsigned char)*p >= ' ' && *p != 0x7f)
            keyboard.again[n++] = *p;
    keyboard.again[n] = 0;
    keyboard.next = 0;
}

/* The line editor reads a line: the terminal's mode is its own, and so
 * are its handlers (a Ctrl-Z there puts its mode back, then ours runs).
 * An atomic: the signal may reach the search's thread. */
static atomic_int keys_editing;

/* One line of input; NULL at end of input.  A line longer than
 * LINE_MAX_CHARS is refused as a whole with one message ("" returned).
 * s->fell when the flag fell first: the line, unfinished, and the result
 * shown.  Caller frees. */
static char *read_line(play *s, const char *prompt)
{
    char *line;
    s->fell = 0;
    if (s->interactive) {
        /* readline() finds the terminal held (hold_keys) and leaves it so */
        keyboard.s = s;
        keyboard.watch = session_to_move(s->ses) >= 0;
        keyboard.fell = 0;
        atomic_store(&keys_editing, 1);
        line = readline(prompt);
        atomic_store(&keys_editing, 0);
        keyboard.again[0] = 0;
        keyboard.next = 0;
        if (!line)
            return NULL;
        if (keyboard.fell) {
            s->fell = 1;
            show_flag_fall(s, prompt, line);
            return line;
        }
    } else {
        fputs(prompt, stdout);
        fflush(stdout);
        strbuf b = STRBUF_INIT;
        char buf[1024];
        int any = 0;
        while (fgets(buf, sizeof buf, stdin)) {
            any = 1;
            if (strlen(strbuf_str(&b)) <= LINE_MAX_CHARS)
                strbuf_add(&b, buf);
            if (strchr(buf, '\n'))
                break;
        }
        if (!any) {
            strbuf_free(&b);
            return NULL;
        }
        line = strbuf_take(&b);
        if (!line)
            return strdup("");
        util_str_chomp(line);
        printf("%.*s\n", LINE_MAX_CHARS, line);
    }
    if (strlen(line) > LINE_MAX_CHARS) {
        printf("That line is too long (at most %d characters); nothing done.\n",
               LINE_MAX_CHARS);
        *line = 0;
    } else if (s->interactive && *line) {
        add_history(line);
    }
    return line;
}

/* ---- the board ---- */

/* The last turn's text (the last word of the moves so far); 0 if any. */
static int last_turn(play *s, char *buf, size_t len)
{
    strbuf b = STRBUF_INIT;
    int rc = session_moves_text(s->ses, &b);
    const char *t = strbuf_str(&b), *w = strrchr(t, ' ');
    w = w ? w + 1 : t;
    if (rc == 0 && *w)
        snprintf(buf, len, "%s", w);
    else
        rc = -1;
    strbuf_free(&b);
    return rc;
}

static void show_clock(play *s)
{
    session_clock c;
    session_clock_state(s->ses, &c);
    if (c.kind != 2)
        return;
    const game_ops *ops = session_ops(s->ses);
    printf("Clock:");
    for (int i = 0; i < 2; i++) {
        /* Whole seconds rounded up, as game clocks show them: 0:00 only
         * once the flag has fallen. */
        int64_t secs = c.left_ms[i] <= 0 ? 0 : (c.left_ms[i] + 999) / 1000;
        char col[32];
        game_colour_capital(ops, i, col, sizeof col);
        printf(" %s %d:%02d%s", col, (int)(secs / 60), (int)(secs % 60),
               c.running == i ? " (running)" : "");
    }
    putchar('\n');
}

/* The drawing as it is, or with what stands between the brackets of the
 * last turn's cells in reverse video: the brackets carry the meaning, the
 * colour only helps the eye. */
static void print_board(const play *s, const char *board)
{
    if (!s->colour) {
        fputs(board, stdout);
        return;
    }
    for (const char *p = board; *p; p++) {
        if (*p == ']')
            fputs("\033[0m", stdout);
        putchar(*p);
        if (*p == '[')
            fputs("\033[7m", stdout);
    }
}

static void show(play *s)
{
    char board[GAME_RENDER_MAX], last[SESSION_TURN_MAX];
    const game_ops *ops = session_ops(s->ses);
    session_render(s->ses, 1, board, sizeof board);
    print_board(s, board);
    if (s->view < s->nline)
        printf("Reviewing: turn %d of %d (forward, back, first, last, goto N; a move "
               "continues from here).\n", s->view, s->nline);
    game *g = session_game_copy(s->ses);
    if (g && g->ops->ply(g) > 0 && last_turn(s, last, sizeof last) == 0) {
        char c[32];
        g->ops->unmake(g);
        game_colour_capital(ops, g->ops->to_move(g), c, sizeof c);
        printf("Last turn: %s %s\n", c, last);
    }
    game_free(g);
    show_status(s);
}

/* The clock, then the side to move or the result. */
static void show_status(play *s)
{
    char why[GAME_ERR_MAX];
    show_clock(s);
    int r = session_result(s->ses, why, sizeof why);
    s->over_shown = r != RESULT_NONE;
    if (r == RESULT_NONE) {
        char c[32];
        int p = session_to_move(s->ses);
        game_colour_capital(session_ops(s->ses), p, c, sizeof c);
        printf("%s to move (%s)\n", c, s->label[p]);
    } else {
        printf("Game over: %s (%s)\n", game_result_text(r), why);
    }
    fflush(stdout);
}

/* What may be typed after the end; a loss on time or a forfeit is final. */
static void say_over(play *s)
{
    int how = session_result_how(s->ses);
    printf("The game is over: type %sback, new or quit.\n",
           how == 'T' || how == 'F' ? "" : "undo, ");
}

static void list_moves(play *s)
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
    /* lines as wide as the window but its last column, as the thinking
     * line's: a full row would leave the cursor at its end */
    int cols = term_columns() - 1, col = 0;
    while (*t) {
        int w = (int)strcspn(t, " ");
        if (col > 0 && col + 1 + w > cols) {
            putchar('\n');
            col = 0;
        }
        printf("%s%.*s", col ? " " : "", w, t);
        col += (col ? 1 : 0) + w;
        t += w + (t[w] == ' ');
    }
    putchar('\n');
    strbuf_free(&b);
}

/* ---- searches: news from the worker thread ---- */

static void hook_done(void *arg)
{
    play *s = arg;
    char c = 'd';
    if (write(s->pipe[1], &c, 1) < 0) {
        /* the main thread also polls session_thinking */
    }
}

/* The report as text in s->news: one line while the computer thinks,
 * the top candidates with their principal variation for an analysis. */
static void hook_progress(void *arg, const engine_progress *p)
{
    play *s = arg;
    char buf[NEWS_MAX], mv[GAME_MOVE_TEXT_MAX], known[ENGINE_PROVEN_TEXT_MAX];
    int lines = 1;
    buf[0] = 0;
    if (p->ncand > 0) {
        s->view_game->ops->move_to_text(s->view_game, p->cand[0].move, mv, sizeof mv);
        pthread_mutex_lock(&s->mu);
        snprintf(s->best, sizeof s->best, "%s", mv);
        s->best_rate = p->cand[0].value;
        s->best_proven = p->cand[0].proven;
        s->best_plies = p->cand[0].plies;
        pthread_mutex_unlock(&s->mu);
    }
    if (s->analysis < 2) {
        snprintf(buf, sizeof buf, "Thinking %.1f s: best so far %s (win rate %.0f%%) - press a "
                 "key to %s", (double)p->ms / 1000, p->ncand ? mv : "-",
                 p->ncand ? 100 * p->cand[0].value : 50.0,
                 s->analysis ? "stop" : "move now");
    } else {
        engine_proven_text(p->proven, p->ncand ? p->cand[0].plies : 0, known, sizeof known);
        /* alpha-beta counts nodes and reports its depth; a tree search
         * counts playouts, and visits per move */
        const char *unit = p->depth ? "nodes" : "visits";
        snprintf(buf, sizeof buf, "Analysis %.1f s, %llu %s", (double)p->ms / 1000,
                 (unsigned long long)p->iterations, p->depth ? "nodes" : "playouts");
        if (p->depth)
            util_str_appendf(buf, sizeof buf, ", depth %d", p->depth);
        util_str_appendf(buf, sizeof buf, "%s", known);
        for (int i = 0; i < p->ncand && i < 5; i++, lines++) {
            s->view_game->ops->move_to_text(s->view_game, p->cand[i].move, mv, sizeof mv);
            engine_proven_text(p->cand[i].proven, p->cand[i].plies, known, sizeof known);
            util_str_appendf(buf, sizeof buf, "\n  %-12s %8llu %-6s  win rate %5.1f%%%s", mv,
                             (unsigned long long)p->cand[i].visits, unit,
                             100 * p->cand[i].value, known);
        }
        char pv[1024];
        if (p->npv > 0 && engine_moves_text(s->view_game, p->pv, p->npv, pv, sizeof pv) == 0) {
            util_str_appendf(buf, sizeof buf, "\n  line: %s", pv);
            lines++;
        }
    }
    pthread_mutex_lock(&s->mu);
    memcpy(s->news, buf, sizeof buf);
    s->news_lines = lines;
    pthread_mutex_unlock(&s->mu);
    char c = 'p';
    if (write(s->pipe[1], &c, 1) < 0) {
        /* a lost update is redrawn by the next one */
    }
}

/* The window's width in columns (80 when it cannot be read). */
static int term_columns(void)
{
    struct winsize ws;
    if (ioctl(1, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1)
        return ws.ws_col;
    return 80;
}

/* Blank what draw_news drew, leaving the cursor where it began. */
static void erase_news(const play *s, int drawn)
{
    if (drawn <= 0)
        return;
    if (!s->cursor) {
        printf("\r%*s\r", term_columns() - 1, "");
        return;
    }
    if (drawn > 1)
        printf("\033[%dA", drawn - 1);
    printf("\r\033[J");
}

/* Draw the latest report over the one drawn before (a terminal), or
 * only keep it for the end (not a terminal).  Each line is cut to the
 * window's width, so that it takes one row and the redraw goes back over
 * exactly what it drew; a terminal that cannot move the cursor up gets
 * the first line alone, rewritten in place. */
static void draw_news(play *s, int *drawn)
{
    if (!s->interactive)
        return;
    pthread_mutex_lock(&s->mu);
    char buf[NEWS_MAX];
    memcpy(buf, s->news, sizeof buf);
    int lines = s->cursor ? s->news_lines : 1;
    pthread_mutex_unlock(&s->mu);
    erase_news(s, *drawn);
    size_t cols = (size_t)term_columns() - 1;
    const char *p = buf;
    for (int i = 0; i < lines; i++) {
        size_t w = strcspn(p, "\n");
        printf("%s%.*s", i ? "\n" : "", (int)(w < cols ? w : cols), p);
        p += w + (p[w] == '\n');
    }
    fflush(stdout);
    *drawn = lines;
}

/* The terminal's mode before hold_keys, and the signals that end the
 * program meanwhile (Ctrl-C, while the computer thinks too) with what they did
 * before: such a signal puts the mode back first, so the shell is not
 * left without echo and line editing.  Ctrl-Z (SIGTSTP) does the same
 * before the program stops (the line editor has its own while it reads). */
#define KEYS_NSIG 4
static struct termios keys_cooked;
static const int keys_signals[KEYS_NSIG] = {SIGINT, SIGQUIT, SIGTERM, SIGHUP};
static struct sigaction keys_before[KEYS_NSIG], keys_stop_before;

static void keys_signal(int sig)
{
    tcsetattr(0, TCSANOW, &keys_cooked);
    if (write(1, "\n", 1) < 0) {
        /* the shell's prompt on a line of its own is only a nicety */
    }
    signal(sig, SIG_DFL);
    raise(sig); /* delivered, and fatal, once this handler returns */
}

/* Ctrl-Z while the keys are held (the computer thinking): the shell's
 * mode back, then stop; once continued (fg), the keys held again, as they
 * were.  Only calls that are safe in a signal handler. */
static void keys_stop(int sig)
{
    int saved_errno = errno;
    struct termios held;
    int have = !atomic_load(&keys_editing) && tcgetattr(0, &held) == 0;
    if (have)
        tcsetattr(0, TCSANOW, &keys_cooked);
    struct sigaction stop, mine;
    memset(&stop, 0, sizeof stop);
    stop.sa_handler = SIG_DFL;
    sigemptyset(&stop.sa_mask);
    sigaction(sig, &stop, &mine);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, sig);
    pthread_sigmask(SIG_UNBLOCK, &only, NULL);
    raise(sig); /* the program stops here until it is continued */
    pthread_sigmask(SIG_BLOCK, &only, NULL);
    sigaction(sig, &mine, NULL);
    if (have)
        tcsetattr(0, TCSANOW, &held); /* continued in the background: stops for the terminal */
    errno = saved_errno;
}

/* From the first drawing to the end the terminal neither echoes nor
 * gathers lines (the line editor sets its own mode while it reads one): a
 * key typed while the board is drawn or the computer thinks waits, unseen,
 * for the editor, which shows it once in the next line, or it makes the
 * computer move now.  (Cooked there, the terminal echoed such a key and
 * the editor showed it again; a Ctrl-D it kept as a NUL for the editor,
 * and that line never ended.)  hold_keys(0) puts the mode back. */
static int hold_keys(int on)
{
    if (!on) {
        int rc = tcsetattr(0, TCSANOW, &keys_cooked);
        for (int i = 0; i < KEYS_NSIG; i++)
            sigaction(keys_signals[i], &keys_before[i], NULL);
        sigaction(SIGTSTP, &keys_stop_before, NULL);
        return rc;
    }
    if (tcgetattr(0, &keys_cooked) != 0)
        return -1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = keys_signal;
    sigemptyset(&sa.sa_mask);
    for (int i = 0; i < KEYS_NSIG; i++)
        sigaction(keys_signals[i], &sa, &keys_before[i]);
    sa.sa_handler = keys_stop;
    sigaction(SIGTSTP, &sa, &keys_stop_before);
    if (keys_stop_before.sa_handler == SIG_IGN) /* a shell without job control */
        sigaction(SIGTSTP, &keys_stop_before, NULL);
    struct termios t = keys_cooked;
    t.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
    t.c_cc[VMIN] = 1;
    t.c_cc[VTIME] = 0;
    if (tcsetattr(0, TCSANOW, &t) != 0) {
        hold_keys(0);
        return -1;
    }
    return 0;
}

/* Wait for the running search: redraw its news, stop it on a key press
 * (a terminal) or after limit_ms (> 0).  1 if a key stopped it.  The key
 * is left unread: what a player types ahead ("undo", "quit") becomes the
 * next command instead of being lost. */
static int wait_search(play *s, int64_t limit_ms)
{
    int64_t t0 = util_now_ms();
    int drawn = 0, keyed = 0, stopped = 0;
    while (session_thinking(s->ses) == 1) {
        struct pollfd p[2] = {{s->pipe[0], POLLIN, 0}, {0, POLLIN, 0}};
        int r = poll(p, s->held && !stopped ? 2 : 1, 100);
        if (r > 0 && (p[0].revents & POLLIN)) {
            char c[64];
            ssize_t n = read(s->pipe[0], c, sizeof c);
            if (n > 0 && memchr(c, 'p', (size_t)n))
                draw_news(s, &drawn);
        }
        if (r > 0 && s->held && !stopped && (p[1].revents & POLLIN)) {
            keyed = stopped = 1;
            session_think_stop(s->ses);
        }
        if (limit_ms > 0 && !stopped && util_now_ms() - t0 >= limit_ms) {
            stopped = 1;
            session_think_stop(s->ses);
        }
    }
    erase_news(s, drawn);
    fflush(stdout);
    return keyed;
}

/* Begin a search: the pipe drained, a copy of the game to name moves. */
static int search_begin(play *s, int analysis, int lines, char *err, size_t errlen)
{
    char c[64];
    while (read(s->pipe[0], c, sizeof c) > 0) {
    }
    game_free(s->view_game);
    s->view_game = session_game_copy(s->ses);
    if (!s->view_game) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    s->analysis = lines;
    s->news[0] = s->best[0] = 0;
    s->best_proven = s->best_plies = 0;
    s->news_lines = 0;
    session_hooks h = {hook_done, hook_progress, s, 250};
    return analysis ? session_analyze_start(s->ses, &h, err, errlen)
                    : session_think_start(s->ses, &h, err, errlen);
}

/* ---- the review line: every turn, to step through ---- */

static int count_words(const char *t)
{
    int n = 0;
    for (; *t; n++) {
        t += strcspn(t, " ");
        t += strspn(t, " ");
    }
    return n;
}

static void review_end(play *s);

/* The game as it is now becomes the whole line (after a move or a load);
 * a review is over. */
static void sync_line(play *s)
{
    review_end(s);
    strbuf_clear(&s->line);
    session_moves_text(s->ses, &s->line);
    s->nline = s->view = count_words(strbuf_str(&s->line));
}

/* Leaving the game's last turn for review: keep it, stop the clock. */
static int review_begin(play *s, char *err, size_t errlen)
{
    session_clock c;
    session_clock_state(s->ses, &c);
    strbuf_clear(&s->end);
    for (int p = 0; p < 2; p++)
        session_set_name(s->ses, p, s->label[p]);
    if (session_to_sgf(s->ses, &s->end, err, errlen) != 0)
        return -1;
    if (c.kind == 2) {
        memcpy(s->end_left, c.left_ms, sizeof s->end_left);
        s->end_running = c.running;
        s->end_t0 = util_now_ms();
        if (session_set_clock(s->ses, 0, 0, err, errlen) != 0)
            return -1;
    }
    s->reviewing = 1;
    return 0;
}

/* The game went on from the turn shown (a move, undo): the clock runs
 * again as it stood at the last turn, the time the review took charged
 * to the side that was to move there. */
static void review_end(play *s)
{
    char err[SESSION_ERR_MAX];
    if (!s->reviewing)
        return;
    s->reviewing = 0;
    if (s->clock_base <= 0)
        return;
    if (s->end_running >= 0) {
        int64_t *left = &s->end_left[s->end_running];
        *left -= util_now_ms() - s->end_t0;
        *left = *left < 0 ? 0 : *left;
    }
    if (session_set_clock(s->ses, s->clock_base, s->clock_inc, err, sizeof err) != 0 ||
        session_resume_clock(s->ses, s->end_left, err, sizeof err) != 0)
        printf("%s\n", err);
}

/* A new game or a loaded one replaces the reviewed one: a fresh clock. */
static void review_drop(play *s)
{
    char err[SESSION_ERR_MAX];
    if (s->reviewing && s->clock_base > 0 &&
        session_set_clock(s->ses, s->clock_base, s->clock_inc, err, sizeof err) != 0)
        printf("%s\n", err);
    s->reviewing = 0;
}

/* Back at the game's last turn: the record and the clock as they were. */
static void review_return(play *s)
{
    char err[SESSION_ERR_MAX];
    if (session_from_sgf(s->ses, strbuf_str(&s->end), -1, err, sizeof err) != 0)
        printf("%s\n", err);
    review_end(s);
    s->view = s->nline;
}

/* Step to turn n of the line (back by undo, forward by replaying). */
static void goto_turn(play *s, long n)
{
    char err[SESSION_ERR_MAX];
    if (n < 0 || n > s->nline) {
        printf("There are turns 0 to %d.\n", s->nline);
        return;
    }
    if (s->reviewing && n == s->nline) {
        review_return(s);
        return;
    }
    if (!s->reviewing && s->view == s->nline && n < s->nline &&
        review_begin(s, err, sizeof err) != 0) {
        printf("%s\n", err);
        return;
    }
    while (s->view > n && session_undo(s->ses, 0, err, sizeof err) > 0)
        s->view--;
    const char *t = strbuf_str(&s->line);
    for (int i = 0; i < s->view; i++) {
        t += strcspn(t, " ");
        t += strspn(t, " ");
    }
    while (s->view < n) {
        char turn[SESSION_TURN_MAX];
        size_t w = strcspn(t, " ");
        snprintf(turn, sizeof turn, "%.*s", (int)w, t);
        if (session_play(s->ses, -1, turn, 0, err, sizeof err) < 0) {
            printf("%s\n", err);
            break;
        }
        s->view++;
        t += w + strspn(t + w, " ");
    }
}

/* ---- commands ---- */

/* A new command: the unsaved-game warning holds for it alone. */
static void age_warning(play *s)
{
    s->warned_before = s->warned;
    s->warned = NULL;
}

/* quit (or end of input), new, load: 1 to go ahead.  An unsaved game is
 * given up only when the same command comes twice in a row, so that a
 * turn played after the warning is warned about again. */
static int may_discard(play *s, const char *cmd, const char *then)
{
    if (!s->dirty || (s->nline == 0 && session_ply(s->ses) == 0) ||
        (s->warned_before && strcmp(s->warned_before, cmd) == 0))
        return 1;
    s->warned = cmd;
    printf("This game is not saved: type save FILE to keep it, or %s again to %s.\n", cmd,
           then);
    return 0;
}

static void computer_turn(play *s)
{
    char turn[SESSION_TURN_MAX], err[SESSION_ERR_MAX], c[32];
    int p = session_to_move(s->ses);
    if (search_begin(s, 0, 0, err, sizeof err) != 0) {
        printf("%s\n", err);
        return;
    }
    int keyed = wait_search(s, 0);
    if (keyed && !session_is_human(s->ses, 0) && !session_is_human(s->ses, 1))
        tcflush(0, TCIFLUSH); /* no prompt will read the key: it moved this turn only */
    if (session_think_finish(s->ses, 1, turn, sizeof turn, err, sizeof err) != 0) {
        printf("%s\n", err);
        return;
    }
    s->dirty = 1;
    sync_line(s);
    game_colour_capital(session_ops(s->ses), p, c, sizeof c);
    printf("%s plays %s%s%s\n", c, turn, keyed ? " (moved now)" : "",
           util_str_ieq(turn, "swap") ? " (colours swapped: the first piece changes colour)" : "");
    session_ponder_start(s->ses); /* with ponder=1, while the person thinks */
}

/* hint: a short search by the analyst; analyze [SECONDS]: a longer one
 * showing the top candidates, stopped early by a key. */
static void analyze(play *s, int hint, const char *arg)
{
    char err[SESSION_ERR_MAX];
    int64_t ms = hint ? 2000 : 10000;
    if (arg && (util_parse_seconds(arg, &ms) != 0 || ms <= 0 || ms > ANALYZE_MAX_S * 1000)) {
        printf("Usage: %s [SECONDS] (more than 0, at most %d)\n", hint ? "hint" : "analyze",
               ANALYZE_MAX_S);
        return;
    }
    if (search_begin(s, 1, hint ? 1 : 2, err, sizeof err) != 0) {
        printf("%s\n", err);
        return;
    }
    wait_search(s, ms);
    strbuf out = STRBUF_INIT;
    if (session_analyze_stop(s->ses, &out, err, sizeof err) != 0) {
        printf("%s\n", err);
    } else if (hint) {
        char known[ENGINE_PROVEN_TEXT_MAX];
        pthread_mutex_lock(&s->mu);
        engine_proven_text(s->best_proven, s->best_plies, known, sizeof known);
        if (known[0])
            printf("Hint: %s%s\n", s->best[0] ? s->best : strbuf_str(&out), known);
        else
            printf("Hint: %s (win rate %.0f%%)\n", s->best[0] ? s->best : strbuf_str(&out),
                   100 * s->best_rate);
        pthread_mutex_unlock(&s->mu);
    } else {
        pthread_mutex_lock(&s->mu);
        printf("%s\n", s->news);
        pthread_mutex_unlock(&s->mu);
    }
    strbuf_free(&out);
}

/* Take back the person's last turn and the computer's replies after it, or
 * a resignation alone; nothing when no turn of a person is there to take
 * back, and never a loss on time. */
static void undo(play *s)
{
    char err[SESSION_ERR_MAX];
    strbuf before = STRBUF_INIT;
    session_moves_text(s->ses, &before);
    int how = session_result_how(s->ses); /* an end off the board goes first, alone */
    int taken = session_undo(s->ses, SESSION_UNDO_TO_PERSON, err, sizeof err);
    int turns = taken - (taken > 0 && how);
    if (taken > 0)
        review_end(s); /* the game goes on from the turn shown */
    int p = session_to_move(s->ses);
    if (turns > 0 && p >= 0 && !session_is_human(s->ses, p)) {
        s->nline = count_words(strbuf_str(&before)); /* put the computer's turns back */
        strbuf_clear(&s->line);
        strbuf_add(&s->line, strbuf_str(&before));
        s->view = s->nline - turns;
        goto_turn(s, s->nline);
        taken = 0;
    }
    strbuf_free(&before);
    if (taken <= 0) {
        printf("%s\n", taken < 0 ? err : "Nothing of yours to take back.");
        return;
    }
    sync_line(s);
    s->dirty = 1;
    if (turns < taken) /* the game had ended off the board */
        printf("Took back the %s%s", how == 'R' ? "resignation" : "result",
               turns ? " and " : ".\n");
    if (turns)
        printf("%s%d turn%s.\n", turns < taken ? "" : "Took back ", turns, turns == 1 ? "" : "s");
}

/* The side to move gives up the game itself: from a reviewed position the
 * game's last turn is taken back up first, as the side to move there may
 * be the computer and the turns after it are the game's. */
static void resign(play *s)
{
    char err[SESSION_ERR_MAX];
    if (s->view < s->nline) {
        printf("Back to the game's last turn, %d.\n", s->nline);
        goto_turn(s, s->nline);
    }
    if (session_to_move(s->ses) < 0) {
        say_over(s);
        return;
    }
    if (session_resign(s->ses, session_to_move(s->ses), err, sizeof err) != 0) {
        printf("%s\n", err);
        return;
    }
    s->dirty = 1;
    sync_line(s);
}

/* "save FILE" / "load FILE": one file name, ~/ for the home folder. */
static void save_or_load(play *s, int save, char **w, int n)
{
    char err[SESSION_ERR_MAX], path[4096];
    const char *cmd = save ? "save" : "load";
    if (n != 2) {
        printf("Usage: %s FILE (one file name, e.g. %s game.sgf)\n", cmd, cmd);
        return;
    }
    const char *home = getenv("HOME");
    if (w[1][0] == '~' && (!w[1][1] || w[1][1] == '/') && home && *home)
        snprintf(path, sizeof path, "%s%s", home, w[1] + 1);
    else
        snprintf(path, sizeof path, "%s", w[1]);
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        printf("%s is a folder: name a file, e.g. %s %s/game.sgf\n", path, cmd, w[1]);
        return;
    }
    if (save) {
        int view = s->view; /* the whole game, also while reviewing a turn */
        goto_turn(s, s->nline);
        for (int p = 0; p < 2; p++)
            session_set_name(s->ses, p, s->label[p]);
        int rc = session_save(s->ses, path, err, sizeof err);
        goto_turn(s, view);
        if (rc != 0) {
            printf("%s\n", err);
            return;
        }
        s->dirty = 0;
        printf("Saved to %s.\n", path);
        return;
    }
    if (!may_discard(s, "load", "replace it"))
        return;
    if (session_load(s->ses, path, -1, err, sizeof err) != 0) {
        printf("%s\n", err);
        return;
    }
    review_drop(s);
    s->dirty = 0;
    sync_line(s);
    printf("Loaded %s: %d turn%s (back, forward, first, last, goto N to review).\n", path,
           s->nline, s->nline == 1 ? "" : "s");
    show(s);
}

/* level alone: what each level plays, for the first computer seat. */
static void list_levels(play *s)
{
    char buf[2048], err[SESSION_ERR_MAX];
    for (int p = 0; p < 2; p++) {
        if (session_is_human(s->ses, p))
            continue;
        if (session_levels_text(s->ses, p, buf, sizeof buf, err, sizeof err) != 0)
            printf("%s\n", err);
        else
            printf("Levels (the computer's marked *; level N chooses one):\n%s", buf);
        return;
    }
    printf("No computer plays in this game.\n");
}

/* The label "ai level=3,seed=1" with name's setting dropped, then (value
 * not NULL) put last as name=value: the settings typed, not all of them. */
static void label_set(char *label, size_t len, const char *name, const char *value)
{
    char out[sizeof ((play *)0)->label[0]], *sp = strchr(label, ' ');
    size_t nlen = strlen(name);
    snprintf(out, sizeof out, "%.*s", sp ? (int)(sp - label) : (int)strlen(label), label);
    for (char *item = sp ? sp + 1 : NULL; item && *item;) {
        size_t w = strcspn(item, ",");
        if (!(w > nlen && strncmp(item, name, nlen) == 0 && item[nlen] == '='))
            util_str_appendf(out, sizeof out, "%s%.*s", strchr(out, ' ') ? "," : " ",
                             (int)w, item);
        item += w + (item[w] == ',');
    }
    if (value)
        util_str_appendf(out, sizeof out, "%s%s=%s", strchr(out, ' ') ? "," : " ", name,
                         value);
    snprintf(label, len, "%s", out);
}

/* The value of name=... among the label's settings, or "" (out). */
static void label_get(const char *label, const char *name, char *out, size_t len)
{
    size_t nlen = strlen(name);
    out[0] = 0;
    for (const char *item = strchr(label, ' '); item && *++item;) {
        size_t w = strcspn(item, ",");
        if (w > nlen && strncmp(item, name, nlen) == 0 && item[nlen] == '=')
            snprintf(out, len, "%.*s", (int)(w - nlen - 1), item + nlen + 1);
        item = strchr(item, ',');
    }
}

/* The label after level N (a time per move goes), time T (the level
 * steps off it: a time per move replaces the level) or time 0 (the level
 * set aside comes back). */
static void label_budget(play *s, int p, const char *name, const char *v)
{
    char *label = s->label[p];
    size_t len = sizeof s->label[p];
    if (!util_str_ieq(name, "ms")) {
        label_set(label, len, "ms", NULL);
        label_set(label, len, name, v);
        s->level_aside[p][0] = 0;
    } else if (strcmp(v, "0") != 0) {
        char level[sizeof s->level_aside[p]];
        label_get(label, "level", level, sizeof level);
        if (level[0])
            snprintf(s->level_aside[p], sizeof s->level_aside[p], "%s", level);
        label_set(label, len, "level", NULL);
        label_set(label, len, "ms", v);
    } else {
        label_set(label, len, "ms", NULL);
        if (s->level_aside[p][0])
            label_set(label, len, "level", s->level_aside[p]);
        s->level_aside[p][0] = 0;
    }
}

/* level N / time SECONDS[s]: the computer's seat(s) change mid-game. */
static void set_engine(play *s, const char *name, const char *value)
{
    char err[SESSION_ERR_MAX], v[64];
    int done = 0;
    snprintf(v, sizeof v, "%s", value ? value : "");
    if (util_str_ieq(name, "ms")) {
        int64_t ms;
        size_t l = strlen(v);
        if (l && v[l - 1] == 's')
            v[l - 1] = 0;
        if (util_parse_seconds(v, &ms) != 0) {
            printf("Usage: %s\n", TIME_USAGE);
            return;
        }
        snprintf(v, sizeof v, "%lld", (long long)ms);
    } else if (!value) {
        list_levels(s);
        return;
    }
    for (int p = 0; p < 2; p++) {
        if (session_is_human(s->ses, p))
            continue;
        /* a time per move would outweigh the level chosen: it goes */
        if (session_set_setting(s->ses, p, name, v, err, sizeof err) != 0 ||
            (!util_str_ieq(name, "ms") &&
             session_set_setting(s->ses, p, "ms", "0", err, sizeof err) != 0)) {
            printf("%s\n", err);
            return;
        }
        label_budget(s, p, name, v);
        done = 1;
    }
    if (!done)
        printf("No computer plays in this game.\n");
    else
        printf("The computer now plays with %s=%s.\n", name, v);
}

/* ---- completions ---- */

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

/* The candidate a choice names: its number, its full text, or the start
 * of exactly one of them; -1 none, -2 several. */
static int pick(char (*cands)[GAME_MOVE_TEXT_MAX], int k, const char *line)
{
    long choice;
    if (util_parse_long(line, &choice) == 0)
        return choice >= 1 && choice <= k ? (int)choice - 1 : -1;
    int found = -1;
    size_t len = strlen(line);
    for (int i = 0; i < k; i++) {
        if (util_str_ieq(cands[i], line))
            return i;
        if (util_strncasecmp(cands[i], line, len) == 0)
            found = found == -1 ? i : -2;
    }
    return found;
}

/* 0 if typed starts no move; else 1 (played, cancelled or refused). */
static int try_completion(play *s, const char *typed)
{
    static char cands[GAME_MAX_MOVES][GAME_MOVE_TEXT_MAX];
    game *g = session_game_copy(s->ses);
    int k = g ? completions(g, typed, cands) : 0, i = 0;
    game_free(g);
    if (k == 0)
        return 0;
    char err[SESSION_ERR_MAX];
    if (k > 1) {
        printf("'%s' is the start of %d moves:\n", typed, k);
        for (int j = 0; j < k; j++)
            printf("  %d. %s\n", j + 1, cands[j]);
        char *line = read_line(s, "choose a number or a move (empty to cancel): ");
        if (s->fell) {
            free(line); /* the game ended meanwhile: nothing to choose */
            return 1;
        }
        char *c = line;
        while (c && isspace((unsigned char)*c))
            c++;
        if (c)
            util_str_chomp(c);
        i = !c || !*c ? -3 : pick(cands, k, c);
        free(line);
        if (i == -3)
            return 1; /* cancelled: nothing to say */
        if (i < 0) {
            printf(i == -2 ? "That is the start of several of them; nothing played.\n"
                           : "No such choice; nothing played.\n");
            return 1;
        }
    }
    if (session_play(s->ses, -1, cands[i], 0, err, sizeof err) > 0) {
        printf("Played %s.\n", cands[i]);
        s->dirty = 1;
        sync_line(s);
        show(s);
    } else {
        printf("%s\n", err);
    }
    return 1;
}

/* ---- arguments ---- */

/* --clock MIN+INC: minutes per side and seconds added after each turn. */
static int parse_clock(play *s, const char *text)
{
    char err[SESSION_ERR_MAX], base[32];
    const char *plus = strchr(text, '+');
    int64_t min_ms = 0, inc_ms = 0;
    snprintf(base, sizeof base, "%.*s", plus ? (int)(plus - text) : 31, text);
    if (util_parse_seconds(base, &min_ms) != 0 || min_ms <= 0 || min_ms > 600 * 1000 ||
        (plus && util_parse_seconds(plus + 1, &inc_ms) != 0) || inc_ms > 600 * 1000) {
        fprintf(stderr, "quartet play: --clock wants MINUTES+SECONDS, e.g. --clock 5+3 "
                        "(at most 600 minutes and 600 seconds)\n");
        return -1;
    }
    if (session_set_clock(s->ses, min_ms * 60, inc_ms, err, sizeof err) != 0) {
        fprintf(stderr, "quartet play: %s\n", err);
        return -1;
    }
    s->clock_base = min_ms * 60;
    s->clock_inc = inc_ms;
    return 0;
}

/* --SIDE=PLAYER[:settings]; given[p] notes which sides were named. */
static int parse_seat(play *s, const char *arg, int *given)
{
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
    given[p] = 1;
    snprintf(s->label[p], sizeof s->label[p], "%s", eq + 1);
    char *colon = strchr(s->label[p], ':');
    if (colon)
        *colon = ' ';
    return 0;
}

/* The flags after the game and its options, in any order with them. */
static int parse_flags(play *s, char **flags, int n)
{
    int given[2] = {0, 0};
    char err[SESSION_ERR_MAX];
    for (int i = 0; i < n; i++) {
        if (strncmp(flags[i], "--clock", 7) == 0 && (flags[i][7] == '=' || !flags[i][7])) {
            const char *v = flags[i][7] ? flags[i] + 8 : i + 1 < n ? flags[++i] : "";
            if (parse_clock(s, v) != 0)
                return -1;
        } else if (parse_seat(s, flags[i], given) != 0) {
            return -1;
        }
    }
    /* one side named as a computer: the person plays the other */
    for (int p = 0; p < 2; p++)
        if (given[p] && !given[!p] && !session_is_human(s->ses, p)) {
            if (session_set_player(s->ses, !p, "human", err, sizeof err) != 0)
                return -1;
            snprintf(s->label[!p], sizeof s->label[!p], "human");
        }
    return 0;
}

/* ---- the loop ---- */

/* ---- the commands typed at the prompt ---- */

/* Each takes the words typed, the command's name first; 1 to leave. */

static int cmd_quit(play *s, char **w, int n)
{
    (void)w, (void)n;
    return may_discard(s, "quit", "leave");
}

static int cmd_moves(play *s, char **w, int n)
{
    (void)w, (void)n;
    list_moves(s);
    return 0;
}

static int cmd_board(play *s, char **w, int n)
{
    (void)w, (void)n;
    show(s);
    return 0;
}

static int cmd_undo(play *s, char **w, int n)
{
    (void)w, (void)n;
    undo(s);
    show(s);
    return 0;
}

static int cmd_resign(play *s, char **w, int n)
{
    (void)w, (void)n;
    resign(s);
    show(s);
    return 0;
}

static int cmd_new(play *s, char **w, int n)
{
    char err[SESSION_ERR_MAX];
    (void)w, (void)n;
    if (!may_discard(s, "new", "start a new one"))
        return 0;
    review_drop(s);
    if (session_new_game(s->ses, NULL, 0, NULL, err, sizeof err) != 0)
        printf("%s\n", err);
    sync_line(s);
    show(s);
    return 0;
}

/* save FILE, load FILE */
static int cmd_file(play *s, char **w, int n)
{
    save_or_load(s, util_str_ieq(w[0], "save"), w, n);
    return 0;
}

/* hint [SECONDS], analyze [SECONDS] */
static int cmd_analyze(play *s, char **w, int n)
{
    analyze(s, util_str_ieq(w[0], "hint"), n == 2 ? w[1] : NULL);
    return 0;
}

static int cmd_level(play *s, char **w, int n)
{
    set_engine(s, "level", n == 2 ? w[1] : NULL);
    return 0;
}

static int cmd_time(play *s, char **w, int n)
{
    set_engine(s, "ms", n == 2 ? w[1] : "");
    return 0;
}

/* back, forward, first, last, goto N: a turn of the game to show. */
static int cmd_review(play *s, char **w, int n)
{
    long k = s->nline; /* last */
    if (util_str_ieq(w[0], "back"))
        k = s->view - 1;
    else if (util_str_ieq(w[0], "forward"))
        k = s->view + 1;
    else if (util_str_ieq(w[0], "first"))
        k = 0;
    else if (util_str_ieq(w[0], "goto") && (n != 2 || util_parse_long(w[1], &k) != 0)) {
        printf("Usage: goto N (a turn number, 0 to %d)\n", s->nline);
        return 0;
    }
    if (util_str_ieq(w[0], "goto") && (k < 0 || k > s->nline))
        printf("There are turns 0 to %d.\n", s->nline);
    else if (k < 0 || k > s->nline)
        printf(k < 0 ? "This is the start of the game.\n"
                     : "This is the last turn; play a move to go on.\n");
    else
        goto_turn(s, k);
    show(s);
    return 0;
}

static int cmd_help(play *s, char **w, int n);

/* A command: its name, handler, the most words it takes after its name
 * (-1: its handler checks them, its usage naming a file or the turns
 * there are), its usage when it takes words (NULL: the name alone), and
 * its lines in help with their place there (0: told with another's). */
typedef struct command_def {
    const char *name;
    int (*run)(play *s, char **w, int n);
    int words;
    const char *usage;
    int rank;
    const char *help;
} command_def;

#define ANALYZE_USAGE "[SECONDS] (more than 0, at most " QUOTE(ANALYZE_MAX_S) ")"

/* Sorted by name (strcmp order): find_command searches it with bsearch. */
static const command_def commands[] = {
    {"?", cmd_help, 0, NULL, 0, NULL},
    {"analyze", cmd_analyze, 1, "analyze " ANALYZE_USAGE, 3,
     "  analyze [S]    the best moves and line after S seconds (default 10;\n"
     "                 a key stops it sooner)\n"},
    {"back", cmd_review, 0, NULL, 8,
     "  back, forward, first, last, goto N   step through the game; a move\n"
     "                 played there continues the game from that point\n"},
    {"board", cmd_board, 0, NULL, 5, "  board          draw the board again\n"},
    {"exit", cmd_quit, 0, NULL, 0, NULL},
    {"first", cmd_review, 0, NULL, 0, NULL},
    {"forward", cmd_review, 0, NULL, 0, NULL},
    {"goto", cmd_review, -1, NULL, 0, NULL},
    {"help", cmd_help, 0, NULL, 12, "  help           this text\n"},
    {"hint", cmd_analyze, 1, "hint " ANALYZE_USAGE, 2,
     "  hint           the computer's suggestion with its win rate (a proven\n"
     "                 win or loss, and the moves left, once it knows)\n"},
    {"last", cmd_review, 0, NULL, 0, NULL},
    {"level", cmd_level, 1, "level [N] (N from 1 to 10; alone, what each level plays)", 7,
     "  level N        the computer's level (1-10), dropping a time per move;\n"
     "                 time S: its seconds per move (0: none);\n"
     "                 level alone: what each level plays in this game\n"},
    {"load", cmd_file, -1, NULL, 11, "  load FILE      load a game from an SGF record\n"},
    {"moves", cmd_moves, 0, NULL, 1, "  moves          list the legal moves\n"},
    {"new", cmd_new, 0, NULL, 9,
     "  new            start a new game with the same options (asks once if the\n"
     "                 game is not saved, as load and quit do)\n"},
    {"quit", cmd_quit, 0, NULL, 13, "  quit           leave (asks once if the game is not saved)\n"},
    {"resign", cmd_resign, 0, NULL, 6,
     "  resign         give up the game (in review: the game as played)\n"},
    {"save", cmd_file, -1, NULL, 10,
     "  save FILE      save the game as an SGF record (~/ is your home folder)\n"},
    {"time", cmd_time, 1, TIME_USAGE, 0, NULL},
    {"undo", cmd_undo, 0, NULL, 4,
     "  undo           take back your last turn (and the computer's reply)\n"},
};
#define NCOMMANDS (int)(sizeof commands / sizeof commands[0])

static int command_cmp(const void *word, const void *c)
{
    return util_strncasecmp(word, ((const command_def *)c)->name, (size_t)-1);
}

/* The command a word names, in any case; NULL if none. */
static const command_def *find_command(const char *word)
{
    return bsearch(word, commands, NCOMMANDS, sizeof commands[0], command_cmp);
}

static int cmd_help(play *s, char **w, int n)
{
    char why[GAME_ERR_MAX];
    qmove m;
    (void)w, (void)n;
    game *g = session_game_copy(s->ses);
    /* the game's own words for what a move looks like */
    if (g && g->ops->move_from_text(g, "?", &m, why, sizeof why) != 0) {
        const char *e = strstr(why, "(expected ");
        printf("Moves: %s\n", e ? e : why);
    }
    if (g && g->ops->multi_move_turns && g->ops->multi_move_turns(g))
        printf("A turn of several moves is written with commas, e.g. h2,j4.\n");
    game_free(g);
    printf("Commands:\n");
    for (int rank = 1; rank <= NCOMMANDS; rank++)
        for (int i = 0; i < NCOMMANDS; i++)
            if (commands[i].rank == rank)
                fputs(commands[i].help, stdout);
    printf("On the board the last turn's cells are in brackets, e.g. [B].\n"
           "If you type only the start of a move and several moves begin with it,\n"
           "you get a numbered list to choose from.\n"
           "While the computer thinks, any key makes it move now.\n"
           "What you type then is your next command.\n");
    return 0;
}

static void play_move(play *s, const char *cmd, int over)
{
    char err[SESSION_ERR_MAX];
    if (over) {
        say_over(s);
    } else if (session_play(s->ses, -1, cmd, 0, err, sizeof err) >= 0) {
        s->dirty = 1;
        sync_line(s);
        if (util_str_ieq(cmd, "swap"))
            printf("Colours swapped: the first piece changes colour.\n");
        show(s);
    } else if (session_to_move(s->ses) < 0) {
        show(s); /* the clock ran out */
    } else if (strchr(cmd, ',') || !try_completion(s, cmd)) {
        printf("%s\n", err);
    }
}

/* A command's name followed by more words than it takes is refused with
 * its usage (1), not read as a move nor run without them. */
static int too_many_words(const command_def *c, int n)
{
    if (c->words < 0 || n - 1 <= c->words)
        return 0;
    printf("Usage: %s%s; nothing done.\n", c->usage ? c->usage : c->name,
           c->words ? "" : " (the word alone)");
    return 1;
}

/* A command or a move typed at the prompt; 1 to leave. */
static int command(play *s, char *cmd, int over)
{
    char copy[LINE_MAX_CHARS + 1];
    char *w[4];
    snprintf(copy, sizeof copy, "%s", cmd);
    int n = util_split_words(copy, w, 4);
    if (n == 0)
        return 0;
    age_warning(s);
    const command_def *c = find_command(w[0]);
    if (!c) {
        play_move(s, cmd, over);
        return 0;
    }
    return too_many_words(c, n) ? 0 : c->run(s, w, n);
}

static void game_loop(play *s)
{
    const game_ops *ops = session_ops(s->ses);
    for (;;) {
        int p = session_to_move(s->ses), over = p < 0;
        if (over && !s->over_shown)
            show_status(s); /* the flag fell since the board was drawn */
        if (!over && !session_is_human(s->ses, p) && s->view == s->nline) {
            computer_turn(s);
            show(s);
            continue;
        }
        if (over && !session_is_human(s->ses, 0) && !session_is_human(s->ses, 1))
            break; /* computer against computer: nothing left to ask */
        char prompt[64];
        snprintf(prompt, sizeof prompt, "%s> ",
                 over ? "game over" : s->view < s->nline ? "review" : ops->colour[p]);
        char *line = read_line(s, prompt);
        if (s->fell) {
            type_again(line); /* at the game over prompt */
            free(line);
            continue;
        }
        if (!line) {
            putchar('\n'); /* Ctrl-D: end the prompt's line */
            age_warning(s);
            if (may_discard(s, "quit", "leave"))
                break;
            continue;
        }
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

/* Options (name=value) may come before or after the flags: the game and
 * its options first, then the flags, as cli_game reads them. */
static game *read_args(int argc, char **argv, char **flags, int *nflags)
{
    char *args[64];
    int nargs = 0, next;
    *nflags = 0;
    if (argc > 64) {
        fprintf(stderr, "quartet play: too many arguments (at most 63)\n");
        return NULL;
    }
    for (int i = 1; i < argc; i++) {
        if (i == 1 || (argv[i][0] != '-' && strchr(argv[i], '=')))
            args[nargs++] = argv[i];
        else
            flags[(*nflags)++] = argv[i];
    }
    game *g = cli_game(nargs, args, &next);
    if (g && next < nargs) {
        fprintf(stderr, "quartet play: unexpected argument '%s'\n", args[next]);
        game_free(g);
        return NULL;
    }
    return g;
}

int play_main(int argc, char **argv)
{
    char err[SESSION_ERR_MAX], *flags[64];
    int nflags;
    play s;
    memset(&s, 0, sizeof s);
    game *g = read_args(argc, argv, flags, &nflags);
    if (!g)
        return 2;
    s.ses = session_new(g, err, sizeof err);
    if (!s.ses || session_set_player(s.ses, SESSION_SECOND, "ai", err, sizeof err) != 0 ||
        pipe(s.pipe) != 0) {
        fprintf(stderr, "quartet play: %s\n", s.ses ? err : strerror(errno));
        session_free(s.ses);
        return 1;
    }
    fcntl(s.pipe[0], F_SETFL, O_NONBLOCK);
    pthread_mutex_init(&s.mu, NULL);
    snprintf(s.label[0], sizeof s.label[0], "human");
    snprintf(s.label[1], sizeof s.label[1], "ai");
    int status = parse_flags(&s, flags, nflags) != 0 ? 2 : 0;
    if (status == 0) {
        s.interactive = isatty(0) && isatty(1);
        /* colour on a terminal that has it, unless NO_COLOR asks for none */
        const char *term = getenv("TERM"), *no = getenv("NO_COLOR");
        s.cursor = s.interactive && term && *term && strcmp(term, "dumb") != 0;
        s.colour = s.cursor && !(no && *no);
        if (s.interactive) {
            /* the line editor reads characters of the user's encoding
             * (a file name in UTF-8), not bytes; numbers stay in C's form */
            setlocale(LC_CTYPE, "");
            rl_getc_function = read_key; /* read by rl_initialize */
            rl_initialize(); /* on the cooked terminal: it edits only where it echoes */
            s.held = hold_keys(1) == 0;
        }
        char opts[GAME_TEXT_MAX];
        session_options_text(s.ses, opts, sizeof opts);
        printf("%s (%s). Type 'help' for commands.\n", session_ops(s.ses)->title,
               opts[0] ? opts : "no options");
        show(&s);
        game_loop(&s);
        if (s.held)
            hold_keys(0);
    }
    session_free(s.ses);
    game_free(s.view_game);
    strbuf_free(&s.line);
    strbuf_free(&s.end);
    close(s.pipe[0]);
    close(s.pipe[1]);
    pthread_mutex_destroy(&s.mu);
    return status;
}
