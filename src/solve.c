#define _POSIX_C_SOURCE 200809L
/* solve.c - `quartet solve`: prove a position's value and every winning
 * move, write and check proof files.  The search is in ai/solver.c. */
#include "ai/proof.h"
#include "ai/solver.h"
#include "cli.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct solve_args {
    const char *position, *moves, *proof, *verify;
    solver_params p;
    int quiet;
} solve_args;

static int bad(const char *what, const char *val)
{
    fprintf(stderr, "quartet solve: %s: '%s'\n", what, val ? val : "(missing)");
    return -1;
}

static int num_arg(const char *val, long lo, long hi, long *out, const char *what)
{
    if (!val || util_parse_long(val, out) != 0 || *out < lo || *out > hi) {
        fprintf(stderr, "quartet solve: %s must be a whole number %ld..%ld, not '%s'\n", what, lo,
                hi, val ? val : "(missing)");
        return -1;
    }
    return 0;
}

static int takes_value(const char *f)
{
    static const char *const flags[] = {"--position", "--moves",  "--proof", "--memory", "--threads",
                                        "--time",     "--nodes",  "--order", "--progress", NULL};
    for (int i = 0; flags[i]; i++)
        if (strcmp(f, flags[i]) == 0)
            return 1;
    return 0;
}

/* The flags after the game; argv[i] is the first one. */
static int parse_flags(int argc, char **argv, int i, solve_args *a)
{
    long v;
    for (; i < argc; i++) {
        const char *f = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        int used = 1;
        if (strcmp(f, "--position") == 0 && val)
            a->position = val;
        else if (strcmp(f, "--moves") == 0 && val)
            a->moves = val;
        else if (strcmp(f, "--proof") == 0 && val)
            a->proof = val;
        else if (strcmp(f, "--memory") == 0) {
            if (num_arg(val, 1, 65536, &v, "--memory (MB)"))
                return -1;
            a->p.memory_mb = (size_t)v;
        } else if (strcmp(f, "--threads") == 0) {
            if (num_arg(val, 1, SOLVER_MAX_THREADS, &v, "--threads"))
                return -1;
            a->p.threads = (int)v;
        } else if (strcmp(f, "--time") == 0) {
            if (num_arg(val, 0, 10000000, &v, "--time (seconds)"))
                return -1;
            a->p.ms = (int64_t)v * 1000;
        } else if (strcmp(f, "--nodes") == 0) {
            if (num_arg(val, 0, 2000000000000L, &v, "--nodes"))
                return -1;
            a->p.nodes = (uint64_t)v;
        } else if (strcmp(f, "--order") == 0) {
            if (num_arg(val, 0, 2000000000L, &v, "--order (seed)"))
                return -1;
            a->p.order_seed = (uint64_t)v;
        } else if (strcmp(f, "--progress") == 0) {
            if (num_arg(val, 0, 3600, &v, "--progress (seconds)"))
                return -1;
            a->p.progress_ms = (int64_t)v * 1000;
        } else {
            used = 0;
            if (strcmp(f, "--first") == 0)
                a->p.first = 1;
            else if (strcmp(f, "--replies") == 0)
                a->p.replies = 1;
            else if (strcmp(f, "--quiet") == 0)
                a->quiet = 1;
            else
                return bad(takes_value(f) ? "missing value after" : "unknown argument", f);
        }
        i += used;
    }
    if (a->p.first && a->p.threads > 1) { /* one proof from the root is one thread's */
        fprintf(stderr, "quartet solve: --first searches with one thread (not --threads %d)\n",
                a->p.threads);
        return -1;
    }
    return 0;
}

static void show_progress(void *ctx, const solver_progress *p)
{
    (void)ctx;
    double s = (double)p->ms / 1000.0;
    fprintf(stderr,
            "progress %.1fs pn=%u dn=%u nodes=%llu nps=%.0f memory=%zuMB tt=%.0f%% moves=%d/%d\n",
            s, p->pn, p->dn, (unsigned long long)p->nodes, s > 0 ? (double)p->nodes / s : 0.0,
            p->memory_bytes >> 20, 100.0 * p->tt_fill, p->moves_done, p->moves);
}

static int verify_main(const char *path)
{
    proof_report rep;
    char err[512];
    if (proof_verify(path, &rep, err, sizeof err) != 0) {
        fprintf(stderr, "quartet solve: proof %s rejected: %s\n", path, err);
        return 1;
    }
    printf("proof ok: %s (%s), %d claim%s, %llu nodes\n", rep.value, rep.game, rep.claims,
           rep.claims == 1 ? "" : "s", (unsigned long long)rep.nodes);
    return 0;
}

/* The position to solve: the start, --position, then --moves. */
static int set_position(game *g, const solve_args *a)
{
    char err[GAME_ERR_MAX];
    if (a->position && strlen(a->position) >= GAME_TEXT_MAX)
        return bad("position text longer than the limit", "...");
    if (a->position && g->ops->from_text(g, a->position, err, sizeof err) != 0) {
        fprintf(stderr, "quartet solve: bad position: %s\n", err);
        return -1;
    }
    if (!a->moves)
        return 0;
    if (strlen(a->moves) >= 65536)
        return bad("--moves longer than 65536 characters", "...");
    char *buf = strdup(a->moves), *w[4096];
    int n = buf ? util_split_words(buf, w, 4096) : 0, rc = 0;
    for (int i = 0; i < n && rc == 0; i++)
        if (game_play_text(g, w[i], err, sizeof err) < 0) {
            fprintf(stderr, "quartet solve: move %d '%s': %s\n", i + 1, w[i], err);
            rc = -1;
        }
    free(buf);
    return rc;
}

/* Moves of one value, comma-separated, or "-". */
static void move_list(const solver_result *r, int value, char *buf, size_t len)
{
    buf[0] = 0;
    for (int i = 0; i < r->nmoves; i++)
        if (r->moves[i].value == value)
            util_str_appendf(buf, len, "%s%s", buf[0] ? "," : "", r->moves[i].text);
    if (!buf[0])
        snprintf(buf, len, "-");
}

static void print_result(const game *g, const solver_result *r, int quiet)
{
    const char *mover = g->ops->colour[r->to_move];
    for (int i = 0; i < r->nmoves && !quiet; i++) {
        const solver_move *m = &r->moves[i];
        printf("%s %s", m->text, solver_value_name(m->value));
        if (m->reply) {
            printf("; %s wins with:", g->ops->colour[1 - r->to_move]);
            for (int k = 0; k < m->nreplies; k++)
                printf(" %s", m->reply[k]);
            if (!m->nreplies)
                printf(" -");
        }
        printf("\n");
    }
    static char win[GAME_MAX_MOVES * GAME_MOVE_TEXT_MAX], draw[sizeof win];
    move_list(r, SOLVER_WIN, win, sizeof win);
    move_list(r, SOLVER_DRAW, draw, sizeof draw);
    int nwin = 0;
    for (int i = 0; i < r->nmoves; i++)
        nwin += r->moves[i].value == SOLVER_WIN;
    if (r->value == SOLVER_UNKNOWN)
        printf("value unknown for %s to move (%s)\n", mover, r->why[0] ? r->why : "not solved");
    else
        printf("value %s for %s to move: %d winning move%s of %d\n", solver_value_name(r->value),
               mover, nwin, nwin == 1 ? "" : "s", r->nmoves);
    printf("result value=%s to_move=%s winning=%s drawing=%s moves=%d nodes=%llu ms=%lld "
           "memory_mb=%zu\n",
           solver_value_name(r->value), mover, win, draw, r->nmoves, (unsigned long long)r->nodes,
           (long long)r->ms, r->memory_bytes >> 20);
}

static int solve_game(game *g, solve_args *a)
{
    char err[512], opts[GAME_TEXT_MAX];
    solver_result r;
    if (solver_run(g, &a->p, &r, err, sizeof err) != 0) {
        fprintf(stderr, "quartet solve: %s\n", err);
        return 2;
    }
    game_options_text(g, opts, sizeof opts);
    if (!a->quiet)
        printf("solve %s%s%s\n", g->ops->name, opts[0] ? " " : "", opts);
    print_result(g, &r, a->quiet);
    int rc = r.value == SOLVER_UNKNOWN ? 1 : 0;
    if (a->proof && rc != 0)
        fprintf(stderr, "quartet solve: no proof written: the value is unknown\n");
    if (a->proof && rc == 0) {
        if (solver_write_proof(g, &r, &a->p, a->proof, err, sizeof err) != 0) {
            fprintf(stderr, "quartet solve: proof not written: %s\n", err);
            rc = 1;
        } else {
            printf("proof written to %s\n", a->proof);
        }
    }
    solver_result_free(&r);
    return rc;
}

int solve_main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--verify") == 0)
        return verify_main(argv[2]);
    if (argc >= 2 && strcmp(argv[1], "--verify") == 0) {
        fprintf(stderr, "quartet solve: --verify takes one file and nothing else\n");
        return 2;
    }
    int next;
    game *g = cli_game(argc - 1, argv + 1, &next);
    if (!g)
        return 2;
    solve_args a = {.p = {.memory_mb = 64, .threads = 1, .progress_ms = 1000}};
    a.p.progress = show_progress;
    int rc = parse_flags(argc, argv, next + 1, &a) != 0 || set_position(g, &a) != 0 ? 2 : -1;
    if (rc < 0 && g->ops->legal_moves(g, (qmove[GAME_MAX_MOVES]){0}) == 0) {
        fprintf(stderr, "quartet solve: the game is already over (%s)\n",
                game_result_text(g->ops->result(g)));
        rc = 2;
    }
    char err[512];
    if (rc < 0 && a.proof && proof_path_check(a.proof, err, sizeof err) != 0) {
        fprintf(stderr, "quartet solve: --proof: %s\n", err);
        rc = 2;
    }
    if (rc < 0)
        rc = solve_game(g, &a);
    game_free(g);
    return rc;
}
