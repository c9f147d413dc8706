/*
 * game.h - the one interface every game implements.
 *
 * A game module (loa.c, y.c, lot.c, coffee.c) fills in a game_ops table and
 * nothing else is exported from it.  Everything outside the game modules --
 * search, protocol, match runner, terminal and web front ends -- works
 * through this interface only and never learns a game's rules.
 *
 * Conventions every implementation keeps:
 *  - Players are 0 (first player) and 1 (second player).
 *  - A move is a game-private 32-bit code (qmove).  Only the game that made
 *    it can interpret it; other code stores, compares and passes it back.
 *  - legal_moves() returns 0 exactly when the game is over.  A forced pass
 *    is a legal move, not an empty list.
 *  - A "turn" is a maximal run of moves by the same player (Y's multi-stone
 *    variants place several stones, one move each, before the turn passes).
 *  - make() takes a move from legal_moves() (or move_from_text()) and never
 *    validates it again: that is the hot path.  unmake() undoes the last
 *    make(); the game keeps its own history, so callers need no undo record.
 *  - copy() never allocates when dst was created with the same options and
 *    has already held a game at least as long (the search reuses buffers).
 *  - from_text(to_text(g)) reproduces the position and its hash (history
 *    is not part of the text).
 */
#ifndef QUARTET_GAME_H
#define QUARTET_GAME_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

typedef uint32_t qmove;
#define QMOVE_NONE ((qmove)0xFFFFFFFFu)
/* In a playout's trace of a game with multi-stone turns: the second
 * player made this move (policy_playout). */
#define GAME_TRACE_SECOND ((qmove)0x80000000u)
/* The trace's entry for move m made by player (0 or 1) in such a game. */
static inline qmove game_traced(qmove m, int player)
{
    return m | (player ? GAME_TRACE_SECOND : 0);
}

/* Upper bound on legal moves in any position of any game with any options
 * (Coffee's first move on a 19x19 square board has 361*4). */
#define GAME_MAX_MOVES 2048
#define GAME_MAX_OPTIONS 8
#define GAME_TEXT_MAX 4096      /* position text, one line */
#define GAME_RENDER_MAX 16384   /* board drawing */
#define GAME_MOVE_TEXT_MAX 32   /* one move token */
#define GAME_ERR_MAX 256

enum game_result {
    RESULT_NONE = 0,   /* game goes on */
    RESULT_FIRST = 1,  /* first player won */
    RESULT_SECOND = 2, /* second player won */
    RESULT_DRAW = 3
};

/* One rule option, set when a game is created (name=value). */
typedef struct game_option {
    const char *name;
    const char *help;
    const char *const *choices; /* NULL-terminated names, or NULL for an integer */
    int min, max;               /* integer range (for choices: index range) */
    int def;                    /* default value (for choices: index) */
} game_option;

/* A searcher's settings tuned for one game ("cutoff=1 evalplies=4"), as
 * the engine's settings are written; the user's own settings win. */
typedef struct game_ai_defaults {
    const char *searcher; /* its registry name, "mcts" */
    const char *settings;
    /* NULL, or one rule option as "name=value": the entry is only for games
     * created with it (a variant).  Entries apply in order: a later one wins. */
    const char *when;
} game_ai_defaults;

typedef struct game_ops game_ops;
struct rng;

/* Every game object starts with this header. */
typedef struct game {
    const game_ops *ops;
    int opt[GAME_MAX_OPTIONS]; /* option values, in the order of ops->options */
} game;

/* ---- what a graphical front end draws (optional hooks describe, clicks) ----
 * A board is cells placed in abstract units (the page's SVG viewBox), each
 * with its name in the game's move syntax, what it holds and its marks. */
enum game_shape { GAME_SHAPE_SQUARE, GAME_SHAPE_HEX };
enum game_piece { GAME_PIECE_PIECE, GAME_PIECE_STONE, GAME_PIECE_DISC, GAME_PIECE_TOWER };
#define GAME_MARK_LAST 1u    /* changed by the last move (set by game_describe) */
#define GAME_MARK_BAR 2u     /* Coffee: the piece that sets the bar */
#define GAME_MARK_ALLOWED 4u /* where the side to move may place */
#define GAME_BOARD_MAX_CELLS 400
#define GAME_BOARD_MAX_LABELS 128
#define GAME_BOARD_MAX_LINES 4
#define GAME_NAME_MAX 8 /* a cell name or label, with its NUL */
#define GAME_MAX_CLICKS 6

typedef struct game_cell {
    char name[GAME_NAME_MAX];
    double x, y;    /* a square's top-left corner, a hexagon's centre */
    double size;    /* a square's side, a (pointy-top) hexagon's circumradius */
    int shape;      /* enum game_shape */
    int player;     /* -1: empty */
    int piece;      /* enum game_piece, when player >= 0 */
    unsigned marks; /* GAME_MARK_* */
} game_cell;

typedef struct game_label {
    char text[GAME_NAME_MAX];
    double x, y; /* centre */
} game_label;

typedef struct game_line {
    char from[GAME_NAME_MAX], to[GAME_NAME_MAX]; /* cell names */
    const char *kind;                            /* "bar" */
} game_line;

typedef struct game_board {
    const char *kind;     /* "square", "hex", "triangle" */
    double width, height; /* extent of the drawing */
    int ncells, nlabels, nlines;
    game_cell cells[GAME_BOARD_MAX_CELLS];
    game_label labels[GAME_BOARD_MAX_LABELS];
    game_line lines[GAME_BOARD_MAX_LINES];
} game_board;

/* One step of entering a move: a cell, or a choice shown as a button. */
typedef struct game_click {
    char cell[GAME_NAME_MAX]; /* "" for a choice */
    const char *choice;       /* the choice's value ("h", "swap"), static */
    const char *label;        /* its button text ("horizontal"), static */
} game_click;

struct game_ops {
    const char *name;            /* registry key, e.g. "loa" */
    const char *title;           /* e.g. "Lines of Action" */
    const char *colour[2];       /* colour names, lower case: first, second */
    const game_option *options;  /* terminated by an entry with name == NULL */

    /* Create at the start position from option values already range-checked
     * by game_create(); checks combinations of options and returns NULL with
     * a message in err when they do not fit together. */
    game *(*create)(const int *opt, char *err, size_t errlen);
    void (*destroy)(game *g);
    void (*copy)(game *dst, const game *src);

    int (*legal_moves)(const game *g, qmove *out);
    void (*make)(game *g, qmove m);
    void (*unmake)(game *g);
    /* Room for `plies` more moves, so that make() never allocates: 0, or -1
     * when memory is short (g unchanged).  Callers use game_reserve().
     * NULL: the game's history is bounded and allocated at create(). */
    int (*reserve)(game *g, int plies);
    int (*ply)(const game *g);          /* moves made since the start/from_text */
    qmove (*move_at)(const game *g, int i); /* the i-th move made, 0 <= i < ply */
    int (*to_move)(const game *g);      /* 0 or 1 */
    int (*result)(const game *g);       /* enum game_result */
    /* Why the game ended ("Black connects all pieces"), or "" if it goes on. */
    void (*result_reason)(const game *g, char *buf, size_t len);

    /* Canonical token of a legal move in the current position. */
    void (*move_to_text)(const game *g, qmove m, char *buf, size_t len);
    /* Lenient parse of ONE move token (no commas); accepts only legal moves.
     * Returns 0, or -1 with a message in err. */
    int (*move_from_text)(const game *g, const char *text, qmove *out,
                          char *err, size_t errlen);

    void (*to_text)(const game *g, char *buf, size_t len);
    /* Replaces the position (clearing history); on error g is unchanged. */
    int (*from_text)(game *g, const char *text, char *err, size_t errlen);
    uint64_t (*hash)(const game *g);
    /* Multi-line drawing with coordinates on the edges.  last: NULL, or
     * the cells the last turn changed (last[i] != 0 for cell i of
     * describe's board), drawn bracketed with game_render_mark(). */
    void (*render)(const game *g, const unsigned char *last, char *buf, size_t len);

    /* ---- optional hooks for the AI (NULL when a game has none) ---- */

    /* What legal_moves() would return, without writing the list: perft
     * counts its last ply with it.  NULL: perft calls legal_moves. */
    int (*count_moves)(const game *g);
    /* The moves a tree search needs below its root: legal_moves less those
     * that only reorder the stones of one turn, so that each set of a
     * turn's stones is one line (a multi-stone turn's stones in increasing
     * order, every legal move when none is left above the last), and less
     * those never better than another legal move (Y's dead cells).  Never
     * for a search's root, where every legal move is a choice.  NULL:
     * legal_moves. */
    int (*search_moves)(const game *g, qmove *out);

    /* Play on from g to the end with moves drawn from r, changing g, and
     * return the result; stop after max_plies moves (RESULT_NONE if cut).
     * NULL: the engine plays uniformly random legal moves. */
    int (*playout)(game *g, struct rng *r, int max_plies);
    /* Like playout, but guided by the game's knowledge (wins taken,
     * threats answered); MCTS uses it in place of playout when present.
     * When trace != NULL it receives every move played, in order (at most
     * max_plies), and *ntrace their number: the all-moves-as-first
     * statistics are built from it.  Where a turn can hold several moves
     * (multi_move_turns), each traced move made by the second player
     * carries GAME_TRACE_SECOND, as the movers no longer alternate.
     * Without a trace a game may play a cheaper playout where that plays
     * better at equal time (Coffee; docs/STRENGTH.md).  NULL: MCTS uses
     * playout. */
    int (*policy_playout)(game *g, struct rng *r, int max_plies, qmove *trace,
                          int *ntrace);
    /* How promising each of moves[0..n) (legal in g) is for the player to
     * move, in [0,1], 0.5 when nothing is known: MCTS's prior and
     * progressive bias.  NULL: no knowledge. */
    void (*priors)(const game *g, const qmove *moves, int n, float *out);
    /* Heuristic expected score in [0,1] for the player to move. */
    double (*evaluate)(const game *g);
    /* The same for scoring MCTS's cut playouts and priors, where a game
     * finds a simpler one plays better than evaluate (LOA, measured in
     * docs/STRENGTH.md); NULL: evaluate.  Set only with evaluate. */
    double (*playout_evaluate)(const game *g);
    /* Searcher settings tuned for this game, terminated by an entry with
     * searcher == NULL; NULL: every searcher's own defaults. */
    const game_ai_defaults *ai_defaults;
    /* The searcher the strongest player ("ai") is in this game, by its
     * registry name ("alphabeta"), as matches decided; NULL: the
     * registry's first (mcts). */
    const char *ai_searcher;
    /* A hash equal for positions that are images of each other under a
     * symmetry of the board (rotations, reflections), e.g. the smallest
     * hash over the symmetries.  NULL: the game uses hash. */
    uint64_t (*canonical_hash)(const game *g);
    /* For a proof search, read without making a move: 1 when the player to
     * move has a move that wins at once; -1 when every move it has lets
     * the opponent win at once; else 0 with *moves the number of its
     * moves that do not (at least 1; it seeds the proof numbers).  Never called on a
     * finished game.  NULL: the solver makes the moves to find out. */
    int (*quick_value)(const game *g, int *moves);
    /* 1 when no game can end in a draw (Y, Coffee): a solver then proves
     * one side's win instead of both. */
    int no_draws;
    /* 1 when a turn of this game, with these options, can hold several
     * moves (Y's multi-stone variants): front ends then explain the
     * comma-joined turn ("h2,j4").  NULL: a turn is always one move. */
    int (*multi_move_turns)(const game *g);
    /* In an unfinished game: how many moves the side to move's turn holds
     * (Y's variants: its quota of stones, at most the empty cells), with
     * in *made how many of them it has made; the turn may end sooner when
     * no move is left for it.  NULL: a turn is one move. */
    int (*turn_moves)(const game *g, int *made);
    /* How many turns the side to move may still expect to play, this one
     * included, in a game between good players from this position: a
     * clock's time is planned by it (the game's phase).  NULL:
     * GAME_TURNS_LEFT_DEFAULT. */
    int (*turns_left)(const game *g);
    /* A move that passes the turn and changes nothing else, for the
     * alpha-beta searcher's null-move pruning: make and unmake take it in
     * the unfinished position asked about; QMOVE_NONE where it cannot be
     * made there.  Set only by games where a pass rarely helps the mover
     * (little zugzwang: LOA).  NULL: none. */
    qmove (*null_move)(const game *g);

    /* ---- optional fields for game records (0 / NULL when a game has none) ---- */

    /* The game's SGF number, GM[] (LOA: 9); 0: records name the game only
     * by quartet's private root property. */
    int sgf_game_number;
    /* Board size of a game without a `size` option (SGF SZ[], GTP
     * boardsize); 0 when the game has no single size. */
    int sgf_board_size;
    /* A legal move in the game's SGF move syntax; NULL: move_to_text. */
    void (*sgf_move_to_text)(const game *g, qmove m, char *buf, size_t len);
    /* Lenient parse of one move in the SGF syntax (legal moves only; 0, or
     * -1 with a message); NULL: move_from_text. */
    int (*sgf_move_from_text)(const game *g, const char *text, qmove *out,
                              char *err, size_t errlen);

    /* ---- optional hooks for graphical front ends (NULL when a game has none) ---- */

    /* The position as cells with contents and the game's own marks
     * (GAME_MARK_BAR, GAME_MARK_ALLOWED); callers use game_describe(), which
     * adds GAME_MARK_LAST. */
    void (*describe)(const game *g, game_board *b);
    /* The click path of a legal move: returns the number of clicks
     * (1..GAME_MAX_CLICKS).  The paths of one position's moves are distinct
     * and none is the start of another. */
    int (*clicks)(const game *g, qmove m, game_click *out);
};

/* --- helpers shared by every caller (game.c) --- */

/* All registered games, NULL-terminated; lookup by name (case-insensitive). */
extern const game_ops *const game_registry[];
const game_ops *game_find(const char *name);

/* Parse "name=value" options (argc entries) and create the game.
 * Unknown options, malformed or out-of-range values give NULL and a message. */
game *game_create(const game_ops *ops, int argc, char *const *argv,
                  char *err, size_t errlen);
game *game_create_default(const game_ops *ops);
/* A new game with the same options at the start position. */
game *game_new_like(const game *g);
/* Are a (NULL: no) and b the same game with the same options? */
int game_same_rules(const game *a, const game *b);
/* NULL when memory is short. */
game *game_clone(const game *g);
/* Room for plies more moves (see game_ops.reserve): 0, or -1 when memory
 * is short.  Every caller that plays moves others choose (a person, a
 * record, an engine) reserves, so a long game fails with an error. */
int game_reserve(game *g, int plies);
void game_free(game *g);

/* "size=11 variant=standard pie=1": every option, canonical values. */
void game_options_text(const game *g, char *buf, size_t len);
/* Value of a named option as text, or NULL if the game has no such option. */
const char *game_option_value(const game *g, const char *name, char *buf, size_t len);

/* Colour by name, initial, or 1/2.  Returns 0/1, or -1. */
int game_parse_colour(const game_ops *ops, const char *text);
/* Colour p's name with a capital, for the start of a sentence ("Black"). */
void game_colour_capital(const game_ops *ops, int p, char *buf, size_t len);

/* Play a whole turn given as comma-separated tokens ("h2,j4"); every step
 * must be legal in turn and all must belong to the player who starts the
 * turn.  All or nothing: on error g is unchanged.  Returns the number of
 * moves made, or -1. */
int game_play_text(game *g, const char *text, char *err, size_t errlen);

/* One move made, as it was written when made: its token in the position
 * before it (sgf: the game's SGF syntax, when it has one) and its mover. */
typedef struct game_step {
    char text[GAME_MOVE_TEXT_MAX];
    int mover;
} game_step;
/* The moves made since ply `from`, ply(g) - from steps (malloc'd; NULL
 * when out of memory).  g is not changed (a copy is walked back). */
game_step *game_steps(const game *g, int from, int sgf);
/* Does step i begin a turn (a new mover)? */
static inline int game_step_starts_turn(const game_step *st, int i)
{
    return i == 0 || st[i].mover != st[i - 1].mover;
}
/* Those moves as text: tokens of one turn comma-joined, turns separated by
 * spaces ("c8-c6 a6-c4", "h2,j4 e5").  0, or -1 when out of memory. */
struct strbuf;
int game_steps_text(const game *g, int from, struct strbuf *out);

/* Does a turn begin here, not in the middle of a multi-stone turn?  (The
 * last move is unmade and made again.) */
int game_turn_starts_here(game *g);

/* Unmake moves until g has made ply of them (nothing when it has made no
 * more): an earlier position of the game, on a copy when it must stay. */
void game_take_back_to(game *g, int ply);

/* The moves the side to move's turn holds and, in *made, how many of them
 * it has made (ops->turn_moves, or 1 and 0). */
int game_turn_moves(const game *g, int *made);

/* The turns the side to move may still expect to play (ops->turns_left,
 * or GAME_TURNS_LEFT_DEFAULT without it); at least 1. */
#define GAME_TURNS_LEFT_DEFAULT 20
int game_turns_left(const game *g);

/* Split the next comma-separated token off a turn's text at *text,
 * trimmed, into tok; *text moves past it (NULL after the last token).
 * 0, -1 for an empty token, -2 for one of len characters or more. */
int game_turn_token(const char **text, char *tok, size_t len);
/* A game's "illegal move c8-c5: why" without its first part: "why". */
const char *game_error_reason(const char *err);

/* Undo the last whole turn (all moves of the player who moved last).
 * Returns the number of moves undone (0 at the start). */
int game_undo_turn(game *g);

/* Every game's from_text starts with this: a position text of
 * GAME_TEXT_MAX bytes or more gets "position: longer than 4095 bytes" in
 * err and 1, so every game and front end has the same limit. */
int game_text_too_long(const char *text, char *err, size_t errlen);
/* A refused position text: "position: why" in err; -1. */
int game_position_error(char *err, size_t errlen, const char *why);
/* A board's rows as FEN writes them (LOA's and LOT's position texts):
 * from the top row down, each row's cells from the left, a run of empty
 * cells as its length, rows joined by '/'.  cell(pos, square): the
 * letter on square row * width + column (row 0 at the bottom), 0 when it
 * is empty.  width at most 9; out holds (width + 1) * height bytes. */
void game_rows_text(char *out, int width, int height, char (*cell)(const void *pos, int square),
                    const void *pos);

/* Result as "1-0", "0-1", "1/2-1/2" or "none". */
const char *game_result_text(int result);

/* Leaf count at depth (stops at finished games); 0 out of memory. */
uint64_t game_perft(game *g, int depth);
/* The same into *count, ended early once another thread sets *stop (NULL:
 * never): 0 counted, 1 stopped (the count short), -1 out of memory.  g is
 * left as it was either way. */
int game_perft_stoppable(game *g, int depth, atomic_int *stop, uint64_t *count);

/* 1 if the player to move in g has a move that ends the game in its win
 * (g is made and unmade, left as it was); moves: room for GAME_MAX_MOVES. */
int game_wins_at_once(game *g, qmove *moves);

/* --- board descriptions for graphical front ends --- */

/* ops->describe, then GAME_MARK_LAST on every cell whose contents the last
 * move changed.  -1 when the game has no describe hook or memory is short. */
int game_describe(const game *g, game_board *b);
/* The text drawing (ops->render); mark_last: bracket the cells the last
 * whole turn changed (all stones of a multi-stone turn), as game_describe
 * marks the last move's for the page. */
void game_render(const game *g, int mark_last, char *buf, size_t len);
/* In a drawn row whose cells sit two characters apart, bracket the cell at
 * line[x] ("[B]"); called left to right, neighbours share brackets
 * ("[. B]"), so the mark needs no colour to be seen. */
void game_render_mark(char *line, int x);
/* A files x ranks board of unit squares named a1.. (rank 1 at the bottom),
 * letters above and below, numbers left and right; cell index r*files+f. */
void game_board_square(game_board *b, int files, int ranks);
/* Append a cell or a label; the coordinates are rounded to 1/1000. */
game_cell *game_board_add_cell(game_board *b, const char *name, double x, double y,
                               int shape, double size);
void game_board_add_label(game_board *b, const char *text, double x, double y);
/* The index of a cell by name, or -1. */
int game_board_find(const game_board *b, const char *name);
/* Fill one click: a cell name, or a choice with its button text. */
void game_click_cell(game_click *c, const char *name);
void game_click_choice(game_click *c, const char *choice, const char *label);

#endif
