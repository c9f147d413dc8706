/* registry.c - the games quartet knows, by name.  Adding a game means adding
 * its module, its include and one line here; no other file changes. */
#include "game.h"
#include "loa.h"
#include "lot.h"
#include "y.h"

const game_ops *const game_registry[] = {
    &loa_ops,
    &y_ops,
    &lot_ops,
    NULL,
};
