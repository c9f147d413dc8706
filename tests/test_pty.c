/* test_pty.c - the terminal game as a person meets it: `quartet play` runs
 * on a real pseudo-terminal (so libedit edits the line, as in `make play`),
 * and the test types moves, help, moves, undo, a bad move and quit for
 * every game, checking the screen's text and the exit status.  Piped input
 * never reaches libedit, so only this catches a crash inside it.
 * The binary is $Q (default bin/quartet). */
#define _GNU_SOURCE
#include "check.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define SCREEN_MAX (1 << 20) /* everything one game prints */
#define WAIT_MS 15000        /* for any one piece of text */

typedef struct term {
    int fd;        /* the pseudo-terminal's master side */
    pid_t pid;
    char *out;     /* all output so far */
    size_t len, mark; /* mark: where the text after the last typed line starts */
    int eof;
} term;

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Colour allowed for the next program (else NO_COLOR is set, as most
 * tests check the plain screen); its window's width (0: 80), terminal
 * type (NULL: xterm) and keys typed before it starts (NULL: none); run
 * by a job-control shell (job_shell). */
static int term_colour, term_width, term_job_control;
static const char *term_kind, *term_typed_first;

/* The terminal's line-editing bits (ICANON | ECHO) as fd sees them, 0
 * when they cannot be read: both set, the terminal is cooked; neither,
 * the program holds its keys. */
static tcflag_t line_modes(int fd)
{
    struct termios tio;
    return tcgetattr(fd, &tio) == 0 ? tio.c_lflag & (ICANON | ECHO) : 0;
}

/* A job-control shell in miniature, on the terminal already: argv runs
 * as the terminal's foreground job in a process group of its own; each
 * time the job stops (Ctrl-Z), the shell takes the terminal and says how
 * the job left it ("[stopped: cooked]", echo and line editing on, else
 * "[stopped: raw]"), then gives it back and continues the job, as fg
 * does ("[continued]").  Ends with the job's status as a shell shows it. */
static void job_shell(char *const argv[])
{
    signal(SIGTTOU, SIG_IGN); /* a shell sets the terminal from the background */
    pid_t job = fork();
    if (job < 0)
        _exit(126);
    if (job == 0) {
        setpgid(0, 0);
        tcsetpgrp(0, getpid());
        signal(SIGTTOU, SIG_DFL);
        execv(argv[0], argv);
        _exit(127);
    }
    setpgid(job, job);
    tcsetpgrp(0, job);
    int st = 0;
    while (waitpid(job, &st, WUNTRACED) == job && WIFSTOPPED(st)) {
        int cooked = line_modes(0) == (ICANON | ECHO);
        tcsetpgrp(0, getpgrp());
        dprintf(1, "\n[stopped: %s]\n", cooked ? "cooked" : "raw");
        tcsetpgrp(0, job);
        kill(-job, SIGCONT);
        dprintf(1, "[continued]\n");
    }
    _exit(WIFSIGNALED(st) ? 128 + WTERMSIG(st) : WEXITSTATUS(st));
}

/* Start argv on a new pseudo-terminal of 80x24 (or term_width columns) as
 * its controlling terminal. */
static int term_start(term *t, char *const argv[])
{
    memset(t, 0, sizeof *t);
    t->out = malloc(SCREEN_MAX + 1);
    t->fd = posix_openpt(O_RDWR | O_NOCTTY);
    if (!t->out || t->fd < 0 || grantpt(t->fd) != 0 || unlockpt(t->fd) != 0)
        return -1;
    const char *name = ptsname(t->fd);
    if (!name)
        return -1;
    size_t typed = term_typed_first ? strlen(term_typed_first) : 0;
    if (typed && write(t->fd, term_typed_first, typed) != (ssize_t)typed)
        return -1;
    t->pid = fork();
    if (t->pid < 0)
        return -1;
    if (t->pid == 0) {
        struct winsize ws = {24, (unsigned short)(term_width ? term_width : 80), 0, 0};
        setsid();
        int s = open(name, O_RDWR);
        if (s < 0 || ioctl(s, TIOCSCTTY, 0) != 0)
            _exit(126);
        ioctl(s, TIOCSWINSZ, &ws);
        dup2(s, 0);
        dup2(s, 1);
        dup2(s, 2);
        if (s > 2)
            close(s);
        close(t->fd);
        setenv("TERM", term_kind ? term_kind : "xterm", 1);
        if (term_colour)
            unsetenv("NO_COLOR");
        else
            setenv("NO_COLOR", "1", 1);
        if (term_job_control)
            job_shell(argv);
        execv(argv[0], argv);
        _exit(127);
    }
    t->out[0] = 0;
    return 0;
}

/* Read what is there within ms; 0 when the other side has closed. */
static int term_read(term *t, int ms)
{
    struct pollfd p = {t->fd, POLLIN, 0};
    if (t->eof || poll(&p, 1, ms) <= 0)
        return !t->eof;
    char buf[4096];
    ssize_t n = read(t->fd, buf, sizeof buf);
    if (n <= 0) { /* EIO once the program and its terminal are gone */
        t->eof = 1;
        return 0;
    }
    if (t->len + (size_t)n > SCREEN_MAX)
        n = (ssize_t)(SCREEN_MAX - t->len);
    memcpy(t->out + t->len, buf, (size_t)n);
    t->len += (size_t)n;
    t->out[t->len] = 0;
    return 1;
}

/* Wait until text appears after the mark; 1 if it did. */
static int term_wait(term *t, const char *text)
{
    int64_t end = now_ms() + WAIT_MS;
    while (!strstr(t->out + t->mark, text)) {
        int64_t left = end - now_ms();
        if (left <= 0 || !term_read(t, (int)left))
            return strstr(t->out + t->mark, text) != NULL;
    }
    return 1;
}

#define EXPECT(t, text)                                                              \
    do {                                                                             \
        if (!term_wait(t, text)) {                                                   \
            printf("FAIL %s: the screen lacks \"%s\"; it ends with:\n%s\n",          \
                   check_current, text,                                              \
                   (t)->out + ((t)->len > 600 ? (t)->len - 600 : 0));                \
            check_current_failed = 1;                                                \
        }                                                                            \
    } while (0)

/* At the prompt, type keys as they are. */
static void term_keys(term *t, const char *prompt, const char *keys)
{
    EXPECT(t, prompt);
    t->mark = t->len;
    size_t n = strlen(keys);
    if (write(t->fd, keys, n) != (ssize_t)n)
        t->eof = 1;
}

/* Type a line at the prompt, as a person does (Enter is a carriage return). */
static void term_type(term *t, const char *prompt, const char *line)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s\r", line);
    term_keys(t, prompt, buf);
}

/* Whether the program left its terminal cooked (line editing, echo). */
static int term_was_cooked;

/* The exit status after the program's end (128 + the signal that ended
 * it), or -1 (then it is killed). */
static int term_finish(term *t)
{
    int st = 0;
    int64_t end = now_ms() + WAIT_MS;
    pid_t r;
    while ((r = waitpid(t->pid, &st, WNOHANG)) == 0 && now_ms() < end)
        term_read(t, 50); /* keep the terminal drained */
    if (r == 0) {
        kill(t->pid, SIGKILL);
        waitpid(t->pid, &st, 0);
        st = -1;
    } else if (WIFSIGNALED(st)) {
        st = 128 + WTERMSIG(st); /* as a shell reports it */
    } else {
        st = WEXITSTATUS(st);
    }
    term_was_cooked = line_modes(t->fd) == (ICANON | ECHO);
    close(t->fd);
    free(t->out);
    return st;
}

static const char *quartet(void)
{
    const char *q = getenv("Q");
    return q && *q ? q : "bin/quartet";
}

typedef struct script {
    const char *game;
    const char *title;       /* the first line */
    const char *first, *second; /* prompts */
    const char *moves;       /* "N legal moves:" at the start */
    const char *move;        /* a legal first move */
    const char *bad;         /* what a bad move says */
} script;

/* Two people at one board: help, moves, a move, undo, a bad move, quit. */
static void play_people(const script *sc)
{
    term t;
    char first[32], second[32];
    snprintf(first, sizeof first, "%s> ", sc->first);
    snprintf(second, sizeof second, "%s> ", sc->second);
    char *argv[] = {(char *)quartet(), "play", (char *)sc->game, "--second=human", NULL};
    CHECK(term_start(&t, argv) == 0);
    EXPECT(&t, sc->title);
    term_type(&t, first, "help");
    EXPECT(&t, "  undo           take back your last turn (and the computer's reply)");
    term_type(&t, first, "moves");
    EXPECT(&t, sc->moves);
    term_type(&t, first, sc->move);
    char to_move[64];
    snprintf(to_move, sizeof to_move, "%c%s to move (human)", sc->second[0] - 'a' + 'A',
             sc->second + 1);
    EXPECT(&t, to_move);
    term_type(&t, second, "undo");
    EXPECT(&t, "Took back 1 turn.");
    snprintf(to_move, sizeof to_move, "%c%s to move (human)", sc->first[0] - 'a' + 'A',
             sc->first + 1);
    EXPECT(&t, to_move);
    term_type(&t, first, "zz9");
    EXPECT(&t, sc->bad);
    term_type(&t, first, "quit");
    CHECK_INT(term_finish(&t), 0);
}

static const script scripts[] = {
    {"loa", "Lines of Action (simultaneous=draw nomove=pass repetition=3).", "black", "white",
     "36 legal moves:", "c8-c6", "'zz9' is not a move (expected e.g. c8-c6, c8xa6 or pass)"},
    {"y", "Y (size=11 variant=standard pie=auto).", "black", "white", "66 legal moves:", "e5",
     "'zz9' is not a move (expected a cell such as e5, or swap)"},
    {"lot", "LOT (Line of Three) (pie=1).", "white", "black", "49 legal moves:", "d4",
     "'zz9' is not a move (expected a cell such as d4, a tower move"},
    {"coffee", "Coffee (board=hex size=4 n=4 pie=0).", "black", "orange", "111 legal moves:",
     "d4h", "'zz9' is not a move (expected a cell and the bar's axis, e.g. d4h"},
};

static void test_loa(void) { play_people(&scripts[0]); }
static void test_y(void) { play_people(&scripts[1]); }
static void test_lot(void) { play_people(&scripts[2]); }
static void test_coffee(void) { play_people(&scripts[3]); }

/* Against the computer at a tiny level: it answers, undo takes back both
 * turns, and the end of input (Ctrl-D) leaves cleanly. */
static void test_against_the_computer(void)
{
    term t;
    char *argv[] = {(char *)quartet(), "play", "loa", "--second=ai:level=1,seed=1", NULL};
    CHECK(term_start(&t, argv) == 0);
    term_type(&t, "black> ", "c8-c6");
    EXPECT(&t, "White plays ");
    EXPECT(&t, "Black to move (human)");
    term_type(&t, "black> ", "undo");
    EXPECT(&t, "Took back 2 turns.");
    term_type(&t, "black> ", "quit");
    CHECK_INT(term_finish(&t), 0);
}

/* Wait for text, then take the mark past it. */
static void term_skip(term *t, const char *text)
{
    EXPECT(t, text);
    const char *p = strstr(t->out + t->mark, text);
    if (p)
        t->mark = (size_t)(p - t->out) + strlen(text);
}

/* Type a line and wait for text after it. */
static void say(term *t, const char *prompt, const char *line, const char *text)
{
    term_type(t, prompt, line);
    EXPECT(t, text);
}

/* Wait for lines of text as the terminal shows them (each \n a \r\n). */
static void expect_lines(term *t, const char *lines)
{
    char want[4096];
    size_t n = 0;
    for (const char *p = lines; *p && n + 2 < sizeof want; p++) {
        if (*p == '\n')
            want[n++] = '\r';
        want[n++] = *p;
    }
    want[n] = 0;
    EXPECT(t, want);
}

/* One side named as a computer: the person plays the other; quit with an
 * unsaved game asks once. */
static void test_one_computer_side(void)
{
    term t;
    char *argv[] = {(char *)quartet(), "play", "loa", "--black=ai:level=1,seed=1", NULL};
    CHECK(term_start(&t, argv) == 0);
    EXPECT(&t, "Black to move (ai level=1,seed=1)");
    EXPECT(&t, "Black plays ");
    EXPECT(&t, "White to move (human)");
    say(&t, "white> ", "undo", "Nothing of yours to take back.");
    say(&t, "white> ", "a5-c5", "Black plays ");
    EXPECT(&t, "white> ");
    say(&t, "white> ", "undo", "Took back 2 turns.");
    EXPECT(&t, "White to move (human)");
    say(&t, "white> ", "quit",
        "This game is not saved: type save FILE to keep it, or quit again to leave.");
    term_type(&t, "white> ", "quit");
    CHECK_INT(term_finish(&t), 0);
}

/* Options after the flags; Ctrl-D leaves an unplayed game at once.  One
 * Ctrl-D, typed as soon as the prompt shows: the line editor has the
 * terminal before the prompt appears (a Ctrl-D the cooked terminal took
 * would reach it as a NUL and leave a line that never ends).  The terminal
 * is cooked again at the end. */
static void test_options_anywhere(void)
{
    term t;
    char *argv[] = {(char *)quartet(), "play", "lot", "--black=human", "pie=0", NULL};
    CHECK(term_start(&t, argv) == 0);
    EXPECT(&t, "LOT (Line of Three) (pie=0). Type 'help' for commands.");
    EXPECT(&t, "White to move (human)");
    term_keys(&t, "white> ", "\004");
    CHECK_INT(term_finish(&t), 0);
    CHECK(term_was_cooked);
}

/* hint and analyze from the analyst's progress reports. */
static void test_hint_analyze(void)
{
    term t;
    char *argv[] = {(char *)quartet(), "play", "y", "size=5", "--second=human", NULL};
    CHECK(term_start(&t, argv) == 0);
    say(&t, "black> ", "hint 0.5", "Hint: ");
    EXPECT(&t, " (win rate ");
    say(&t, "black> ", "analyze 0", "Usage: analyze [SECONDS] (more than 0, at most 600)");
    say(&t, "black> ", "analyze 1", "Analysis ");
    EXPECT(&t, " visits  win rate ");
    EXPECT(&t, "  line: ");
    term_type(&t, "black> ", "quit");
    CHECK_INT(term_finish(&t), 0);
    /* Y 3: Black's third stone wins, the game five moves from its end */
    char *y3[] = {(char *)quartet(), "play", "y", "size=3", "pie=0", "--second=human", NULL};
    CHECK(term_start(&t, y3) == 0);
    say(&t, "black> ", "analyze 1", "playouts (proven win, 5 moves to the end)");
    EXPECT(&t, "win rate 100.0% (proven win, 5 moves to the end)");
    say(&t, "black> ", "hint 1", " (proven win, 5 moves to the end)");
    term_type(&t, "black> ", "quit");
    CHECK_INT(term_finish(&t), 0);
    /* alpha-beta (LOA's) counts nodes and says its depth */
    char *loa[] = {(char *)quartet(), "play", "loa", "--second=human", NULL};
    CHECK(term_start(&t, loa) == 0);
    say(&t, "black> ", "analyze 1", " nodes, depth ");
    EXPECT(&t, " nodes   win rate ");
    CHECK(strstr(t.out, "playouts") == NULL && strstr(t.out, "visits") == NULL);
    term_type(&t, "black> ", "quit");
    CHECK_INT(term_finish(&t), 0);
}

/* The thinking line, and a key that makes the computer move now; what was
 * typed ahead is the next command, not lost; the last turn is shown under
 * the board. */
static void test_move_now(void)
{
    term t;
    char *argv[] = {(char *)quartet(), "play", "loa",
                    "--white=ai:iterations=100000000,ms=60000", NULL};
    CHECK(term_start(&t, argv) == 0);
    say(&t, "black> ", "c8-c6", "Last turn: Black c8-c6");
    EXPECT(&t, "Thinking ");
    EXPECT(&t, "- press a key to move now");
    term_keys(&t, "now", "undo\r");
    EXPECT(&t, " (moved now)");
    EXPECT(&t, "Last turn: White ");
    EXPECT(&t, "Black to move (human)");
    EXPECT(&t, "Took back 2 turns.");
    term_type(&t, "black> ", "quit");
    CHECK_INT(term_finish(&t), 0);
}

/* save: usage, ~ expanded, folders refused; load and review; resign. */
static void test_save_review(void)
{
    term t;
    char home[] = "/tmp/quartet-ptyXXXXXX", want[128], path[160];
    CHECK(mkdtemp(home) != NULL);
    setenv("HOME", home, 1);
    char *argv[] = {(char *)quartet(), "play", "loa", "--second=human", NULL};
    CHECK(term_start(&t, argv) == 0);
    say(&t, "black> ", "save", "Usage: save FILE (one file name, e.g. save game.sgf)");
    say(&t, "black> ", "save a b", "Usage: save FILE (one file name, e.g. save game.sgf)");
    say(&t, "black> ", "save ~", "is a folder: name a file, e.g. save ~/game.sgf");
    say(&t, "black> ", "c8-c6", "White to move");
    say(&t, "white> ", "a5-c5", "Black to move");
    snprintf(want, sizeof want, "Saved to %s/g.sgf.", home);
    say(&t, "black> ", "save ~/g.sgf", want);
    say(&t, "black> ", "first", "Reviewing: turn 0 of 2");
    say(&t, "review> ", "forward", "Reviewing: turn 1 of 2");
    EXPECT(&t, "Last turn: Black c8-c6");
    say(&t, "review> ", "goto 9", "There are turns 0 to 2.");
    say(&t, "review> ", "last", "Last turn: White a5-c5");
    say(&t, "black> ", "forward", "This is the last turn; play a move to go on.");
    say(&t, "black> ", "new", "Black to move (human)");
    snprintf(want, sizeof want, "load ~/g.sgf");
    say(&t, "black> ", want, ": 2 turns (back, forward, first, last, goto N to review).");
    say(&t, "black> ", "back", "Reviewing: turn 1 of 2");
    say(&t, "review> ", "h5-f5", "Last turn: White h5-f5");
    say(&t, "black> ", "resign", "Game over: 0-1 (Black resigned)");
    say(&t, "game over> ", "quit", "This game is not saved");
    term_type(&t, "game over> ", "quit");
    CHECK_INT(term_finish(&t), 0);
    snprintf(path, sizeof path, "%s/g.sgf", home);
    CHECK(unlink(path) == 0);
    CHECK(rmdir(home) == 0);
}

/* LOT's tower choice: a full move or a unique start is taken, an empty
 * line cancels quietly, one candidate is played at once. */
static void test_lot_choice(void)
{
    term t;
    char *argv[] = {(char *)quartet(), "play", "lot", "pie=0", "--second=human", NULL};
    CHECK(term_start(&t, argv) == 0);
    term_type(&t, "white> ", "c2");
    term_type(&t, "black> ", "c3");
    term_type(&t, "white> ", "d2");
    term_type(&t, "black> ", "c1");
    say(&t, "white> ", "b2", "'b2' is the start of 3 moves:");
    EXPECT(&t, "  3. b2+d2-b2-c2");
    term_type(&t, "(empty to cancel): ", "");
    say(&t, "white> ", "b2", "(empty to cancel): ");
    say(&t, "(empty to cancel): ", "b2+d2-b2-c2", "Played b2+d2-b2-c2.");
    CHECK(strstr(t.out, "illegal") == NULL);
    CHECK(strstr(t.out, "No such choice") == NULL);
    say(&t, "black> ", "undo", "Took back 1 turn.");
    say(&t, "white> ", "b2+c2", "Played b2+c2-b2-d2.");
    say(&t, "black> ", "undo", "Took back 1 turn.");
    say(&t, "white> ", "b2", "(empty to cancel): ");
    say(&t, "(empty to cancel): ", "b2+b", "Played b2+b2-c2-d2.");
    say(&t, "black> ", "quit", "This game is not saved");
    term_type(&t, "black> ", "quit");
    CHECK_INT(term_finish(&t), 0);
}

/* One message for an over-long line; each game's help speaks of its moves. */
static void test_long_line_help(void)
{
    term t;
    char *argv[] = {(char *)quartet(), "play", "coffee", "--second=human", NULL};
    static char keys[3002];
    memset(keys, 'x', 3000);
    keys[3000] = '\r';
    keys[3001] = 0;
    CHECK(term_start(&t, argv) == 0);
    term_keys(&t, "black> ", keys);
    EXPECT(&t, "That line is too long (at most 1000 characters); nothing done.");
    EXPECT(&t, "black> ");
    const char *m = strstr(t.out + t.mark, "too long");
    CHECK(m && !strstr(m + 1, "too long"));
    say(&t, "black> ", "help", "Moves: (expected a cell and the bar's axis, e.g. d4h");
    EXPECT(&t, "On the board the last turn's cells are in brackets, e.g. [B].");
    EXPECT(&t, "While the computer thinks, any key makes it move now.");
    CHECK(strstr(t.out + t.mark, "commas") == NULL);
    term_type(&t, "black> ", "quit");
    CHECK_INT(term_finish(&t), 0);
}

/* level and time mid-game; a clock shown with the board whose flag falls
 * while the prompt waits: the result shows then, nothing typed (it showed
 * only once a line was entered). */
static void test_level_clock(void)
{
    term t;
    char *argv[] = {(char *)quartet(), "play", "loa", "--clock", "0.05+0", NULL};
    CHECK(term_start(&t, argv) == 0);
    /* 3 s a side; Black's is already running. */
    EXPECT(&t, "(running) White 0:03");
    say(&t, "black> ", "level 7", "The computer now plays with level=7.");
    say(&t, "black> ", "time 2s", "The computer now plays with ms=2000.");
    t.mark = 0; /* a loaded machine may have let it fall before time was typed */
    expect_lines(&t, "Clock: Black 0:00 White 0:03\n"
                     "Game over: 0-1 (Black lost on time)\n"
                     "game over> ");
    term_type(&t, "game over> ", "quit");
    CHECK_INT(term_finish(&t), 0);
}

/* A level chosen below the top stays that level with a clock running:
 * LOT's level 4 (170 nodes) answers at once, where the full strength
 * would spend some five seconds of its minute (the clock shows whole
 * seconds, rounded up). */
static void test_level_under_clock(void)
{
    term t;
    char *argv[] = {(char *)quartet(), "play", "lot", "--black=ai:level=4", "--clock", "1", NULL};
    CHECK(term_start(&t, argv) == 0);
    EXPECT(&t, "Clock: White 1:00 (running) Black 1:00");
    say(&t, "white> ", "d4", "Black plays ");
    EXPECT(&t, "Last turn: Black ");
    EXPECT(&t, " (running) Black 1:00\r\nWhite to move (human)\r\n");
    term_type(&t, "white> ", "quit");
    term_type(&t, "white> ", "quit");
    CHECK_INT(term_finish(&t), 0);
}

/* What was typed when the flag fell stays in the line: taken off the
 * screen with its prompt, for the result, and typed again after the game
 * over prompt.  A loss on time is final: no undo offered, and undo says
 * why (a resignation's is taken back: test_resign_in_review). */
static void test_flag_while_typing(void)
{
    term t;
    char *argv[] = {(char *)quartet(), "play", "loa", "--clock", "0.05", NULL};
    CHECK(term_start(&t, argv) == 0);
    term_keys(&t, "black> ", "c8-c");
    expect_lines(&t, "c8-c\n\033[1A\r\033[JClock: Black 0:00 White 0:03\n"
                     "Game over: 0-1 (Black lost on time)\n"
                     "game over> c8-c");
    term_keys(&t, "game over> c8-c", "6\r");
    expect_lines(&t, "6\nThe game is over: type back, new or quit.\n");
    say(&t, "game over> ", "undo",
        "the game is over (Black lost on time): that cannot be taken back\r\n");
    term_type(&t, "game over> ", "quit");
    CHECK_INT(term_finish(&t), 0);
}

/* level alone lists what each level plays: LOA's computer is alpha-beta
 * (its table in nodes), Coffee's MCTS on its ladder with a beginner's
 * levels; the computer's own level marked. */
static void test_level_list(void)
{
    term t;
    char *argv[] = {(char *)quartet(), "play", "loa", NULL};
    CHECK(term_start(&t, argv) == 0);
    term_type(&t, "black> ", "level");
    expect_lines(&t, "Levels (the computer's marked *; level N chooses one):\n"
                     "   1  100 nodes a move, 85 % of the moves at random\n"
                     "   2  100 nodes a move, 55 % of the moves at random\n"
                     "   3  100 nodes a move, 25 % of the moves at random\n"
                     "   4  100 nodes a move\n"
                     "   5  350 nodes a move\n"
                     "   6  1500 nodes a move\n"
                     "   7  5000 nodes a move\n"
                     "*  8  25000 nodes a move\n"
                     "   9  200000 nodes a move\n"
                     "  10  2000000 nodes a move\n");
    say(&t, "black> ", "level 2", "The computer now plays with level=2.");
    term_type(&t, "black> ", "level");
    expect_lines(&t, "*  2  100 nodes a move, 55 % of the moves at random\n"
                     "   3  100 nodes a move, 25 % of the moves at random\n");
    term_type(&t, "black> ", "quit");
    CHECK_INT(term_finish(&t), 0);
    char *coffee[] = {(char *)quartet(), "play", "coffee", NULL};
    CHECK(term_start(&t, coffee) == 0);
    term_type(&t, "black> ", "level");
    expect_lines(&t, "   1  50 iterations a move, 70 % of the moves at random\n"
                     "   2  50 iterations a move, 25 % of the moves at random\n"
                     "   3  50 iterations a move\n");
    expect_lines(&t, "*  8  16000 iterations a move\n");
    term_type(&t, "black> ", "quit");
    CHECK_INT(term_finish(&t), 0);
}

/* Start argv, type each (prompt, line) pair of typed (NULL-ended), wait
 * for the exact screen lines, then quit at prompt (twice after moves: the
 * game is not saved). */
static void play_and_see(char *const argv[], const char *const *typed, const char *screen,
                         const char *prompt)
{
    term t;
    CHECK(term_start(&t, argv) == 0);
    int n = 0;
    for (; typed[n]; n += 2)
        term_type(&t, typed[n], typed[n + 1]);
    expect_lines(&t, screen);
    term_type(&t, prompt, "quit");
    if (n > 0)
        term_type(&t, prompt, "quit");
    CHECK_INT(term_finish(&t), 0);
}

/* The last turn bracketed on every board (no colour needed): an LOA
 * move's two squares, both stones of a two-stone Y turn, Coffee's last
 * piece; Y and Coffee rows numbered at both ends. */
static void test_last_turn_marks(void)
{
    char *loa[] = {(char *)quartet(), "play", "loa", "--second=human", NULL};
    static const char *const loa_moves[] = {"black> ", "c8-c6", NULL};
    play_and_see(loa, loa_moves,
                 "    a b c d e f g h\n"
                 " 8  . B[.]B B B B .  8\n"
                 " 7  W . . . . . . W  7\n"
                 " 6  W .[B]. . . . W  6\n",
                 "white> ");
    char *y[] = {(char *)quartet(), "play", "y", "size=5", "variant=double", "--second=human", NULL};
    static const char *const y_moves[] = {"black> ", "c2", "white> ", "d4,b2", NULL};
    play_and_see(y, y_moves,
                 "     5 e .  5\n"
                 "    4 d[W].  4\n"
                 "   3 c . . .  3\n"
                 "  2 b[W]B . .  2\n"
                 " 1 a . . . . .  1\n"
                 "     a b c d e\n"
                 "Black (B): 1 stone, White (W): 2 stones\n"
                 "Turn 3: Black places 2 stones; 0 placed, 2 to go\n"
                 "Last turn: White d4,b2\n",
                 "black> ");
    char *coffee[] = {(char *)quartet(), "play", "coffee", "--second=human", NULL};
    static const char *const coffee_moves[] = {"black> ", "d4h", "orange> ", "e4h", NULL};
    play_and_see(coffee, coffee_moves,
                 " 7     . . . .  7\n"
                 " 6    . . . . .  6\n"
                 " 5   . . . . . .  5\n"
                 " 4  * * * B[O]* *  4\n"
                 " 3   . . . . . .  3\n"
                 " 2    . . . . .  2\n"
                 " 1     . . . .  1\n"
                 "        a b c d e f g\n"
                 "B Black, O Orange, [ ] the last piece (the bar's), * where Black may place\n",
                 "black> ");
}

/* Coffee's square board without a size is the sheet's 5 x 5, four in a
 * row; on a colour terminal the last turn is also in reverse video, inside
 * the same brackets. */
static void test_square_colour(void)
{
    char *argv[] = {(char *)quartet(), "play", "coffee", "board=square", "--second=human", NULL};
    static const char *const none[] = {NULL}, *const moves[] = {"black> ", "c3h", NULL};
    play_and_see(argv, none,
                 "Coffee (board=square size=5 n=4 pie=0). Type 'help' for commands.\n"
                 "    a b c d e\n"
                 " 5  * * * * *  5\n",
                 "black> ");
    term_colour = 1;
    play_and_see(argv, moves,
                 "    a b c d e\n"
                 " 5  . . . . .  5\n"
                 " 4  . . . . .  4\n"
                 " 3  * *[\033[7mB\033[0m]* *  3\n"
                 " 2  . . . . .  2\n"
                 " 1  . . . . .  1\n"
                 "    a b c d e\n"
                 "B Black, O Orange, [\033[7m \033[0m] the last piece (the bar's), * where "
                 "Orange may place\n"
                 "Bar: on c3 along h (horizontal). 4 in a row wins.\n",
                 "orange> ");
    term_colour = 0;
}

/* The rows drawn between from and to, escape sequences taken out: the
 * longest, and in *cut how many are exactly width long. */
static int rows_drawn(const char *from, const char *to, size_t width, int *cut)
{
    int longest = 0;
    size_t row = 0;
    *cut = 0;
    for (const char *p = from; p < to; p++) {
        if (*p == '\033') {
            p += 1 + strspn(p + 1, "[0123456789;");
            continue;
        }
        if (*p == '\r' || *p == '\n') {
            *cut += row == width;
            row = 0;
            continue;
        }
        if (++row > (size_t)longest)
            longest = (int)row;
    }
    return longest;
}

/* The last occurrence of text in s, or NULL. */
static const char *last_of(const char *s, const char *text)
{
    const char *last = NULL;
    for (const char *p = strstr(s, text); p; p = strstr(p + 1, text))
        last = p;
    return last;
}

/* A window 40 columns wide: the thinking line and each line of a running
 * analysis are cut to 39 columns, so every report takes one row for each
 * of its lines and the redraw goes back over exactly what it drew (a
 * wrapped line left its first rows behind, one more copy each report). */
static void test_narrow_window(void)
{
    term t;
    char *argv[] = {(char *)quartet(), "play", "loa",
                    "--white=ai:iterations=100000000,ms=60000", NULL};
    term_width = 40;
    CHECK(term_start(&t, argv) == 0);
    term_width = 0;
    say(&t, "black> ", "c8-c6", "Thinking ");
    usleep(800 * 1000); /* a few reports */
    term_keys(&t, "Thinking ", "board\r");
    EXPECT(&t, "black> board");
    const char *from = strstr(t.out + t.mark, "Thinking ");
    int cut = 0, rows = from ? rows_drawn(from, strstr(from, "White plays "), 39, &cut) : 0;
    CHECK_INT(rows, 39);
    CHECK(cut >= 2);
    term_skip(&t, "black> board");
    say(&t, "black> ", "analyze 1.5", "  line: ");
    EXPECT(&t, "\nblack> ");
    /* the reports while it ran, then the last in full */
    from = strstr(t.out + t.mark, "Analysis ");
    const char *last = last_of(t.out + t.mark, "Analysis ");
    rows = from && last != from ? rows_drawn(from, last, 39, &cut) : 0;
    CHECK_INT(rows, 39);
    CHECK(cut >= 5);
    CHECK(last && rows_drawn(last, strstr(last, "black> "), 39, &cut) > 39);
    term_type(&t, "black> ", "quit");
    term_type(&t, "black> ", "quit");
    CHECK_INT(term_finish(&t), 0);
}

/* moves wraps its list at the window's width, whatever it is (it was 78
 * columns always), each line short of the last column. */
static void test_moves_width(void)
{
    static const int widths[] = {40, 100};
    static const char *const lists[] = {
        "b1-h1 b1-b3 b1-d3 c1-c3 c1-e3 c1xa3\n"
        "d1-d3 d1-f3 d1-b3 e1-e3 e1-g3 e1-c3\n"
        "f1-f3 f1xh3 f1-d3 g1-a1 g1-g3 g1-e3\n"
        "b8-h8 b8-b6 b8-d6 c8-c6 c8xa6 c8-e6\n"
        "d8-d6 d8-b6 d8-f6 e8-e6 e8-c6 e8-g6\n"
        "f8-f6 f8-d6 f8xh6 g8-a8 g8-g6 g8-e6\n"
        "black> ",
        "b1-h1 b1-b3 b1-d3 c1-c3 c1-e3 c1xa3 d1-d3 d1-f3 d1-b3 e1-e3 e1-g3 e1-c3 f1-f3 "
        "f1xh3 f1-d3 g1-a1\n"
        "g1-g3 g1-e3 b8-h8 b8-b6 b8-d6 c8-c6 c8xa6 c8-e6 d8-d6 d8-b6 d8-f6 e8-e6 e8-c6 "
        "e8-g6 f8-f6 f8-d6\n"
        "f8xh6 g8-a8 g8-g6 g8-e6\n"
        "black> ",
    };
    for (int i = 0; i < 2; i++) {
        term t;
        char *argv[] = {(char *)quartet(), "play", "loa", "--second=human", NULL};
        term_width = widths[i];
        CHECK(term_start(&t, argv) == 0);
        term_width = 0;
        term_type(&t, "black> ", "moves");
        term_skip(&t, "36 legal moves:\r\n");
        expect_lines(&t, lists[i]);
        CHECK(strncmp(t.out + t.mark, "b1-h1", 5) == 0);
        term_type(&t, "black> ", "quit");
        CHECK_INT(term_finish(&t), 0);
    }
}

/* TERM=dumb moves no cursor: no escape sequence at all; the thinking line
 * and an analysis's first line are rewritten in place after a carriage
 * return and a blanked row, and the analysis is printed whole at its end. */
static void test_dumb_terminal(void)
{
    term t;
    char *argv[] = {(char *)quartet(), "play", "loa",
                    "--white=ai:iterations=100000000,ms=60000", NULL};
    char blank[90];
    snprintf(blank, sizeof blank, "\r%79s\r", "");
    term_kind = "dumb";
    CHECK(term_start(&t, argv) == 0);
    term_kind = NULL;
    say(&t, "black> ", "c8-c6", "Thinking ");
    char want[128];
    snprintf(want, sizeof want, "%sThinking ", blank);
    EXPECT(&t, want);
    term_keys(&t, "Thinking ", "analyze 1\r");
    snprintf(want, sizeof want, "%sWhite plays ", blank);
    EXPECT(&t, want);
    snprintf(want, sizeof want, "%sAnalysis ", blank);
    EXPECT(&t, want);
    EXPECT(&t, "  line: ");
    const char *full = strstr(t.out + t.mark, "  line: ");
    CHECK(full && !strstr(full + 1, "  line: "));
    EXPECT(&t, "black> ");
    CHECK(memchr(t.out, '\033', t.len) == NULL);
    term_type(&t, "black> ", "quit");
    term_type(&t, "black> ", "quit");
    CHECK_INT(term_finish(&t), 0);
}

/* Ctrl-C while the computer thinks or an analysis runs ends the program
 * by the signal, as at the prompt, and leaves the terminal as it found
 * it: echo and line editing back. */
static void test_ctrl_c(void)
{
    static const char *const what[] = {"c8-c6", "analyze 60"};
    static const char *const shown[] = {"- press a key to move now", "  line: "};
    for (int i = 0; i < 2; i++) {
        term t;
        char *argv[] = {(char *)quartet(), "play", "loa",
                        "--white=ai:iterations=100000000,ms=60000", NULL};
        CHECK(term_start(&t, argv) == 0);
        say(&t, "black> ", what[i], shown[i]);
        term_keys(&t, shown[i], "\003");
        CHECK_INT(term_finish(&t), 128 + SIGINT);
        CHECK(term_was_cooked);
    }
}

/* Wait until the program holds its keys (no echo, no line editing by
 * the terminal); 1 if it does within WAIT_MS. */
static int term_wait_held(term *t)
{
    int64_t end = now_ms() + WAIT_MS;
    while (line_modes(t->fd)) {
        if (now_ms() > end)
            return 0;
        term_read(t, 20);
    }
    return 1;
}

/* Ctrl-Z while the computer thinks stops the program with the terminal
 * as the shell had it (echo, line editing); continued (fg), the keys are
 * held again: the next key, unseen, makes the computer move now. */
static void test_ctrl_z(void)
{
    term t;
    char *argv[] = {(char *)quartet(), "play", "loa", "--white=ai:iterations=100000000,ms=60000",
                    NULL};
    term_job_control = 1;
    CHECK(term_start(&t, argv) == 0);
    term_job_control = 0;
    say(&t, "black> ", "c8-c6", "- press a key to move now");
    term_keys(&t, "- press a key to move now", "\032");
    EXPECT(&t, "[stopped: cooked]");
    EXPECT(&t, "[continued]");
    CHECK(term_wait_held(&t));
    term_keys(&t, "[continued]", "z");
    EXPECT(&t, "(moved now)");
    const char *end = strstr(t.out + t.mark, "(moved now)");
    CHECK(end && !memchr(t.out + t.mark, 'z', (size_t)(end - (t.out + t.mark))));
    /* the key, left unread, begins the next line */
    say(&t, "black> ", "", "'z' is not a move");
    term_type(&t, "black> ", "quit");
    term_type(&t, "black> ", "quit");
    CHECK_INT(term_finish(&t), 0);
    CHECK(term_was_cooked);
}

/* An unsaved game is given up only by the same command twice in a row:
 * quit, new, load and Ctrl-D each warn, also while reviewing its start,
 * and a turn played after a warning is warned about again. */
static void test_unsaved_warning(void)
{
    term t;
    char *argv[] = {(char *)quartet(), "play", "loa", "--second=human", NULL};
    CHECK(term_start(&t, argv) == 0);
    say(&t, "black> ", "c8-c6", "White to move (human)");
    say(&t, "white> ", "quit",
        "This game is not saved: type save FILE to keep it, or quit again to leave.\r\n");
    say(&t, "white> ", "a5-c5", "Black to move (human)");
    say(&t, "black> ", "quit",
        "This game is not saved: type save FILE to keep it, or quit again to leave.\r\n");
    say(&t, "black> ", "new",
        "This game is not saved: type save FILE to keep it, or new again to start a new "
        "one.\r\n");
    say(&t, "black> ", "board", "Last turn: White a5-c5");
    say(&t, "black> ", "new", "not saved");
    term_type(&t, "black> ", "new");
    expect_lines(&t, " 8  . B B B B B B .  8\n");
    EXPECT(&t, "Black to move (human)");
    say(&t, "black> ", "c8-c6", "White to move (human)");
    say(&t, "white> ", "load /nonexistent.sgf",
        "This game is not saved: type save FILE to keep it, or load again to replace "
        "it.\r\n");
    say(&t, "white> ", "load /nonexistent.sgf",
        "cannot read /nonexistent.sgf: No such file or directory");
    /* reviewing the start of an unsaved game is no reason to lose it */
    say(&t, "white> ", "first", "Reviewing: turn 0 of 1");
    say(&t, "review> ", "quit",
        "This game is not saved: type save FILE to keep it, or quit again to leave.");
    say(&t, "review> ", "last", "White to move (human)");
    term_keys(&t, "white> ", "\004");
    EXPECT(&t, "This game is not saved: type save FILE to keep it, or quit again to leave.");
    term_keys(&t, "white> ", "\004");
    CHECK_INT(term_finish(&t), 0);
}

/* In a UTF-8 locale the line editor takes the user's characters: a file
 * name with an accent is saved under that name, not with it dropped. */
static void test_utf8_file_name(void)
{
    term t;
    char dir[] = "/tmp/quartet-ptyXXXXXX", line[160], want[160], path[128];
    CHECK(mkdtemp(dir) != NULL);
    char *argv[] = {(char *)quartet(), "play", "loa", "--second=human", NULL};
    setenv("LC_ALL", "C.UTF-8", 1);
    CHECK(term_start(&t, argv) == 0);
    unsetenv("LC_ALL");
    say(&t, "black> ", "c8-c6", "White to move (human)");
    snprintf(path, sizeof path, "%s/partie-\xc3\xa9.sgf", dir);
    snprintf(line, sizeof line, "save %s", path);
    snprintf(want, sizeof want, "Saved to %s.", path);
    say(&t, "white> ", line, want);
    term_type(&t, "white> ", "quit");
    CHECK_INT(term_finish(&t), 0);
    CHECK(unlink(path) == 0);
    CHECK(rmdir(dir) == 0);
}

/* A command with words it does not take is refused with its usage and
 * does nothing: not read as a move, not run without them (quit now left,
 * new 3 was "not a move"). */
static void test_extra_words(void)
{
    term t;
    char *argv[] = {(char *)quartet(), "play", "loa", "--second=human", NULL};
    CHECK(term_start(&t, argv) == 0);
    say(&t, "black> ", "c8-c6", "White to move (human)");
    say(&t, "white> ", "quit now", "Usage: quit (the word alone); nothing done.\r\n");
    say(&t, "white> ", "undo 2", "Usage: undo (the word alone); nothing done.\r\n");
    say(&t, "white> ", "new 3", "Usage: new (the word alone); nothing done.\r\n");
    say(&t, "white> ", "resign now", "Usage: resign (the word alone); nothing done.\r\n");
    say(&t, "white> ", "level 5 6",
        "Usage: level [N] (N from 1 to 10; alone, what each level plays); nothing done.\r\n");
    say(&t, "white> ", "hint 5 6",
        "Usage: hint [SECONDS] (more than 0, at most 600); nothing done.\r\n");
    say(&t, "white> ", "time 1 2",
        "Usage: time SECONDS (a time per move, e.g. time 2s; 0: none, the level decides); "
        "nothing done.\r\n");
    say(&t, "white> ", "board", "Last turn: Black c8-c6\r\nWhite to move (human)");
    CHECK(strstr(t.out, "not a move") == NULL);
    CHECK(strstr(t.out, "Took back") == NULL);
    term_type(&t, "white> ", "quit");
    term_type(&t, "white> ", "quit");
    CHECK_INT(term_finish(&t), 0);
}

/* Every command is found by its name in any case (one sorted table holds
 * them): each, followed by words it does not take, answers with its usage. */
static void test_every_command(void)
{
    static const char *const alone[] = {"?",    "back", "board",  "exit",   "first",
                                        "forward", "help", "last", "moves", "new",
                                        "quit",    "resign", "undo"};
    static const char *const usage[][2] = {
        {"Analyze", "analyze [SECONDS] (more than 0, at most 600); nothing done."},
        {"hint", "hint [SECONDS] (more than 0, at most 600); nothing done."},
        {"LEVEL", "level [N] (N from 1 to 10; alone, what each level plays); nothing done."},
        {"time", "time SECONDS (a time per move, e.g. time 2s; 0: none, the level decides); "
                 "nothing done."},
        {"goto", "goto N (a turn number, 0 to 0)"},
        {"Save", "save FILE (one file name, e.g. save game.sgf)"},
        {"load", "load FILE (one file name, e.g. load game.sgf)"},
    };
    term t;
    char *argv[] = {(char *)quartet(), "play", "loa", "--second=human", NULL};
    char line[64], want[160];
    CHECK(term_start(&t, argv) == 0);
    for (size_t i = 0; i < sizeof alone / sizeof alone[0]; i++) {
        snprintf(line, sizeof line, "%s a b", alone[i]);
        line[0] = (char)(i % 2 ? toupper((unsigned char)line[0]) : line[0]);
        snprintf(want, sizeof want, "\r\nUsage: %s (the word alone); nothing done.\r\n",
                 alone[i]);
        say(&t, "black> ", line, want);
    }
    for (size_t i = 0; i < sizeof usage / sizeof usage[0]; i++) {
        snprintf(line, sizeof line, "%s a b", usage[i][0]);
        snprintf(want, sizeof want, "\r\nUsage: %s\r\n", usage[i][1]);
        say(&t, "black> ", line, want);
    }
    CHECK(strstr(t.out, "not a move") == NULL);
    term_type(&t, "black> ", "quit");
    CHECK_INT(term_finish(&t), 0);
}

/* resign gives up the game itself: from a reviewed turn where the
 * computer is to move it went on from there, and the computer resigned
 * (the person won by it); after the end it said "no such colour". */
static void test_resign_in_review(void)
{
    term t;
    char *argv[] = {(char *)quartet(), "play", "loa", "--white=ai:level=1,seed=1", NULL};
    CHECK(term_start(&t, argv) == 0);
    say(&t, "black> ", "c8-c6", "White plays ");
    say(&t, "black> ", "back", "White to move (ai level=1,seed=1)");
    term_type(&t, "review> ", "resign");
    expect_lines(&t, "Back to the game's last turn, 2.\n");
    EXPECT(&t, "Game over: 0-1 (Black resigned)");
    CHECK(strstr(t.out, "White resigned") == NULL);
    say(&t, "game over> ", "resign", "The game is over: type undo, back, new or quit.");
    say(&t, "game over> ", "undo", "Took back the resignation.");
    say(&t, "black> ", "undo", "Took back 2 turns.");
    term_type(&t, "black> ", "quit");
    CHECK_INT(term_finish(&t), 0);
}

/* Reviewing leaves the game as it was: stepping back and to the last turn
 * again added the clock's increment for every replayed turn and dropped a
 * resignation (the game went on), and save while reviewing wrote only the
 * turns up to the one shown. */
static void test_review_keeps_the_game(void)
{
    term t;
    char dir[] = "/tmp/quartet-ptyXXXXXX", path[64], line[96];
    CHECK(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/r.sgf", dir);
    snprintf(line, sizeof line, "save %s", path);
    char *argv[] = {(char *)quartet(), "play", "loa", "--second=human", "--clock", "5+30", NULL};
    CHECK(term_start(&t, argv) == 0);
    say(&t, "black> ", "c8-c6", "White to move (human)");
    say(&t, "white> ", "a5-c5", "Black to move (human)");
    say(&t, "black> ", "back", "Reviewing: turn 1 of 2");
    say(&t, "review> ", "back", "Reviewing: turn 0 of 2");
    say(&t, "review> ", "last", "(running) White 5:30\r\nBlack to move (human)");
    say(&t, "black> ", "resign", "Game over: 0-1 (Black resigned)");
    say(&t, "game over> ", "first", "Reviewing: turn 0 of 2");
    say(&t, "review> ", line, "Saved to ");
    term_type(&t, "review> ", "last");
    expect_lines(&t, "Last turn: White a5-c5\n"
                     "Clock: Black 5:30 White 5:30\n"
                     "Game over: 0-1 (Black resigned)\n");
    term_type(&t, "game over> ", "quit");
    CHECK_INT(term_finish(&t), 0);
    char *sgf = util_read_file(path, NULL);
    CHECK(sgf && strstr(sgf, "RE[W+R]") && strstr(sgf, ";B[c8-c6]\n;W[a5-c5]\n)"));
    free(sgf);
    CHECK(unlink(path) == 0);
    CHECK(rmdir(dir) == 0);
}

/* level N is the level played: a time per move set before (which a level
 * gives way to) goes; the side's label shows the settings typed, not
 * every setting the player has, and of a level and a time per move the
 * one that decides: time T takes the level off it (the time replaces
 * the level), time 0 puts it back. */
static void test_level_drops_time(void)
{
    term t;
    char *argv[] = {(char *)quartet(), "play", "loa", "--white=ai:seed=3,ms=60000", NULL};
    CHECK(term_start(&t, argv) == 0);
    say(&t, "black> ", "level 1", "The computer now plays with level=1.");
    say(&t, "black> ", "c8-c6", "White to move (ai seed=3,level=1)\r\n");
    EXPECT(&t, "White plays ");
    say(&t, "black> ", "time 0.5", "The computer now plays with ms=500.");
    say(&t, "black> ", "undo", "Took back 2 turns.");
    say(&t, "black> ", "c8-c6", "White to move (ai seed=3,ms=500)\r\n");
    EXPECT(&t, "White plays ");
    say(&t, "black> ", "time 0", "The computer now plays with ms=0.");
    say(&t, "black> ", "undo", "Took back 2 turns.");
    say(&t, "black> ", "c8-c6", "White to move (ai seed=3,level=1)\r\n");
    EXPECT(&t, "White plays ");
    term_type(&t, "black> ", "quit");
    term_type(&t, "black> ", "quit");
    CHECK_INT(term_finish(&t), 0);
}

/* Computer against computer: a key makes the computer to move move now,
 * that once; the key stayed unread (no prompt reads it) and made every
 * later move at once, the rest of the game played without a search. */
static void test_key_between_computers(void)
{
    term t;
    char *argv[] = {(char *)quartet(), "play", "loa", "--first=ai:ms=60000",
                    "--second=ai:ms=1000", NULL};
    CHECK(term_start(&t, argv) == 0);
    term_keys(&t, "- press a key to move now", "x");
    term_skip(&t, "Black plays ");
    EXPECT(&t, "White plays ");
    EXPECT(&t, "\n");
    const char *w = strstr(t.out + t.mark, "White plays ");
    char line[80] = "";
    if (w)
        snprintf(line, sizeof line, "%.*s", (int)strcspn(w, "\r\n"), w);
    CHECK(line[0] && strstr(line, "moved now") == NULL);
    term_keys(&t, "- press a key to move now", "\003");
    CHECK_INT(term_finish(&t), 128 + SIGINT);
}

/* Wait until the program is blocked writing to its terminal (its output
 * held by a Ctrl-S typed before it started), as the kernel shows the call
 * it waits in; 1 if it is. */
static int term_blocked(const term *t)
{
    char path[64], want[32], buf[64];
    snprintf(path, sizeof path, "/proc/%d/syscall", (int)t->pid);
    snprintf(want, sizeof want, "%d 0x1 ", SYS_write);
    for (int64_t end = now_ms() + WAIT_MS; now_ms() < end; usleep(10 * 1000)) {
        FILE *f = fopen(path, "r");
        size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
        if (f)
            fclose(f);
        buf[n] = 0;
        if (strncmp(buf, want, strlen(want)) == 0)
            return 1;
    }
    return 0;
}

/* Keys typed while the board and the computer's move are printed show
 * once, in the next line, and none is lost: the terminal was cooked until
 * the prompt, echoed them as they came, and the line editor showed them
 * again.  A Ctrl-S typed first holds the program at its first line of
 * output while the keys come; Ctrl-Q lets it go on. */
static void test_typed_ahead(void)
{
    term t;
    char *argv[] = {(char *)quartet(), "play", "loa", "--black=ai:level=1,seed=1", NULL};
    term_typed_first = "\023";
    CHECK(term_start(&t, argv) == 0);
    term_typed_first = NULL;
    CHECK(term_blocked(&t));
    term_keys(&t, "", "qqq\021");
    EXPECT(&t, "Black plays ");
    expect_lines(&t, "White to move (human)\nwhite> qqq");
    const char *prompt = strstr(t.out, "white> ");
    int echoed = 0;
    for (const char *p = t.out; prompt && p < prompt; p++)
        echoed += *p == 'q';
    CHECK_INT(echoed, 0);
    say(&t, "white> qqq", "", "'qqq' is not a move");
    term_type(&t, "white> ", "quit");
    term_type(&t, "white> ", "quit");
    CHECK_INT(term_finish(&t), 0);
}

int main(void)
{
    signal(SIGPIPE, SIG_IGN);
    RUN(test_loa);
    RUN(test_y);
    RUN(test_lot);
    RUN(test_coffee);
    RUN(test_against_the_computer);
    RUN(test_one_computer_side);
    RUN(test_options_anywhere);
    RUN(test_hint_analyze);
    RUN(test_move_now);
    RUN(test_save_review);
    RUN(test_lot_choice);
    RUN(test_long_line_help);
    RUN(test_level_clock);
    RUN(test_level_under_clock);
    RUN(test_flag_while_typing);
    RUN(test_level_list);
    RUN(test_last_turn_marks);
    RUN(test_square_colour);
    RUN(test_narrow_window);
    RUN(test_moves_width);
    RUN(test_dumb_terminal);
    RUN(test_ctrl_c);
    RUN(test_ctrl_z);
    RUN(test_unsaved_warning);
    RUN(test_utf8_file_name);
    RUN(test_extra_words);
    RUN(test_every_command);
    RUN(test_resign_in_review);
    RUN(test_review_keeps_the_game);
    RUN(test_level_drops_time);
    RUN(test_key_between_computers);
    RUN(test_typed_ahead);
    return check_summary("test_pty");
}
