/*
 * loafit.c - fit the LOA evaluation's weights to real games: a logistic
 * regression of each game's result (for the side to move) on the
 * evaluation's features (loa_eval.h) of every position after the opening.
 *
 *   make build/rel/tools/loafit && build/rel/tools/loafit RECORDS...
 *
 * (RECORDS: the .txt files of ../shared/data/loa-games.)
 *
 * Reads records as described in the data's README (GN|black|white|moves|
 * end|start); a game counts when it ends on the board or by resignation or
 * forfeit.  Prints the positions used, the weights and the log loss.
 */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include "game.h"
#include "games/loa.h"
#include "games/loa_eval.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_POS 40000
#define SKIP_PLIES 6

static double feat[MAX_POS][LOA_EVAL_NFEATURES];
static double outcome[MAX_POS];
static int npos;

/* The pieces of g from its position text. */
static void pieces_of(const game *g, uint64_t pieces[2], int *side)
{
    char text[GAME_TEXT_MAX];
    g->ops->to_text(g, text, sizeof text);
    pieces[0] = pieces[1] = 0;
    int r = 7, f = 0;
    const char *s = text;
    for (; *s && *s != ' '; s++) {
        if (*s == '/')
            r--, f = 0;
        else if (*s >= '1' && *s <= '8')
            f += *s - '0';
        else
            pieces[*s == 'w'] |= 1ull << (r * 8 + f++);
    }
    *side = s[1] == 'w';
}

/* One record line: its positions with the winner's result. */
static void take_game(char *line)
{
    char *field[6] = {0};
    int n = 0;
    for (char *p = line; n < 6; n++) {
        field[n] = p;
        char *bar = strchr(p, '|');
        if (!bar) {
            n++;
            break;
        }
        *bar = 0;
        p = bar + 1;
    }
    if (n < 5)
        return;
    game *g = game_create_default(&loa_ops);
    char err[GAME_ERR_MAX], *save, *tok;
    field[5] = n > 5 ? field[5] : NULL;
    if (field[5] && field[5][0] && g->ops->from_text(g, field[5], err, sizeof err) != 0) {
        game_free(g);
        return;
    }
    int first = npos;
    for (tok = strtok_r(field[3], " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        if (g->ops->result(g) != RESULT_NONE || game_play_text(g, tok, err, sizeof err) < 0)
            break;
        if (g->ops->ply(g) >= SKIP_PLIES && g->ops->result(g) == RESULT_NONE && npos < MAX_POS) {
            uint64_t pc[2];
            int side;
            pieces_of(g, pc, &side);
            loa_eval_features(pc, side, NULL, feat[npos]);
            outcome[npos++] = side; /* replaced by the result below */
        }
    }
    int res = g->ops->result(g), winner = -1;
    const char *end = field[4];
    if (res == RESULT_FIRST || res == RESULT_SECOND)
        winner = res - RESULT_FIRST;
    else if (res == RESULT_NONE && (end[0] == 'B' || end[0] == 'W') && (end[1] == 'R' || end[1] == 'F'))
        winner = end[0] == 'B'; /* the other side resigned or forfeited */
    for (int i = first; i < npos; i++)
        outcome[i] = winner < 0 ? -1 : (int)outcome[i] == winner;
    if (winner < 0)
        npos = first;
    game_free(g);
}

static double loss(const double *w, double *grad)
{
    double l = 0;
    if (grad)
        memset(grad, 0, sizeof(double) * LOA_EVAL_NFEATURES);
    for (int i = 0; i < npos; i++) {
        double s = 0;
        for (int k = 0; k < LOA_EVAL_NFEATURES; k++)
            s += w[k] * feat[i][k];
        double p = 1 / (1 + exp(-s)), y = outcome[i];
        l -= y * log(p + 1e-12) + (1 - y) * log(1 - p + 1e-12);
        if (grad)
            for (int k = 0; k < LOA_EVAL_NFEATURES; k++)
                grad[k] += (p - y) * feat[i][k] / npos;
    }
    return l / npos;
}

int main(int argc, char **argv)
{
    static char line[1 << 16];
    for (int a = 1; a < argc; a++) {
        FILE *f = fopen(argv[a], "r");
        if (!f) {
            perror(argv[a]);
            return 1;
        }
        while (fgets(line, sizeof line, f)) {
            line[strcspn(line, "\r\n")] = 0;
            if (line[0] && line[0] != '#')
                take_game(line);
        }
        fclose(f);
    }
    /* the sign each weight must keep: a feature that favours connecting
     * (concentration is a distance, so lower is better) may not count
     * against it through its correlation with the others */
    static const int sign[LOA_EVAL_NFEATURES] = {-1, 1, -1, -1, 1, 1, -1, -1, 1};
    double w[LOA_EVAL_NFEATURES] = {0}, g[LOA_EVAL_NFEATURES], m[LOA_EVAL_NFEATURES] = {0};
    for (int it = 0; it < 20000; it++) { /* projected gradient descent with momentum */
        loss(w, g);
        for (int k = 0; k < LOA_EVAL_NFEATURES; k++) {
            m[k] = 0.9 * m[k] - 0.05 * g[k];
            w[k] += m[k];
            if (w[k] * sign[k] < 0)
                w[k] = m[k] = 0;
        }
    }
    static const char *const names[] = {"concentration", "centralisation", "com", "quads",
                                        "mobility", "connectedness", "groups", "blocked",
                                        "walls"};
    printf("%d positions, log loss %.4f (%.4f for 0.5)\n", npos, loss(w, NULL), log(2.0));
    for (int k = 0; k < LOA_EVAL_NFEATURES; k++)
        printf("  %-15s %+.4f\n", names[k], w[k]);
    return 0;
}
