#! loa
# Lines of Action through GTP: every game command and its errors, then a
# whole game to its end.
quartet-game
> = loa simultaneous=draw nomove=pass repetition=3
quartet-game chess
~ ? unknown game 'chess' (known: loa
quartet-game loa speed=3
> ? unknown option 'speed' for loa (options: simultaneous, nomove, repetition)
quartet-game loa repetition=x
> ? option repetition: 'x' is not a whole number
quartet-game
> = loa simultaneous=draw nomove=pass repetition=3
quartet-game LOA repetition=0 nomove=lose
quartet-game
> = loa simultaneous=draw nomove=lose repetition=0
boardsize 9
> ? unacceptable size: loa is played on a board of size 8 only
boardsize eight
> ? syntax error: board size 'eight' is not a whole number
boardsize
> ? syntax error: usage: boardsize N
boardsize 8
quartet-game
> = loa simultaneous=draw nomove=lose repetition=0
quartet-to_move
> = black
quartet-result
> = none
quartet-result_reason
> =
final_score
> ? game is not over
quartet-position
> = 1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b
quartet-perft 2
> = 1244
quartet-perft 13
> ? syntax error: DEPTH must be a whole number 0..12
all_legal_moves
> = b1-h1 b1-b3 b1-d3 c1-c3 c1-e3 c1xa3 d1-d3 d1-f3 d1-b3 e1-e3 e1-g3 e1-c3 f1-f3 f1xh3 f1-d3 g1-a1 g1-g3 g1-e3 b8-h8 b8-b6 b8-d6 c8-c6 c8xa6 c8-e6 d8-d6 d8-b6 d8-f6 e8-e6 e8-c6 e8-g6 f8-f6 f8-d6 f8xh6 g8-a8 g8-g6 g8-e6
# a colour as GNU Go style tools pass it; the side not to move has none
all_legal_moves b
> = b1-h1 b1-b3 b1-d3 c1-c3 c1-e3 c1xa3 d1-d3 d1-f3 d1-b3 e1-e3 e1-g3 e1-c3 f1-f3 f1xh3 f1-d3 g1-a1 g1-g3 g1-e3 b8-h8 b8-b6 b8-d6 c8-c6 c8xa6 c8-e6 d8-d6 d8-b6 d8-f6 e8-e6 e8-c6 e8-g6 f8-f6 f8-d6 f8xh6 g8-a8 g8-g6 g8-e6
all_legal_moves white
> = 
all_legal_moves green
> ? syntax error: unknown colour 'green' (black, white, 1 or 2)

# play: colours by name, initial or number; lenient tokens
play b c8-c5
> ? illegal move: c8-c5: the file through c8 holds 2 pieces, so the piece must move exactly 2 squares
play w a6-c4
> ? illegal move: a6-c4: white is not to move (black is)
play green c8-c6
> ? syntax error: unknown colour 'green' (black, white, 1 or 2)
play b zz
> ? illegal move: zz: 'zz' is not a move (expected e.g. c8-c6, c8xa6 or pass)
play b
> ? syntax error: usage: play COLOR MOVE
play black C8C6
> =
play 2 a6-c4
> =
quartet-to_move
> = black
undo
> =
quartet-to_move
> = white
undo
undo
> ? cannot undo: no move to take back
play 1 c8xa6
quartet-position
> = 1b1bbbb1/w6w/b6w/w6w/w6w/w6w/w6w/1bbbbbb1 w
showboard
> =
>     a b c d e f g h
>  8  . B . B B B B .  8
>  7  W . . . . . . W  7
>  6  B . . . . . . W  6
>  5  W . . . . . . W  5
>  4  W . . . . . . W  4
>  3  W . . . . . . W  3
>  2  W . . . . . . W  2
>  1  . B B B B B B .  1
>     a b c d e f g h
> Black (B): 12 pieces, White (W): 11 pieces
quartet-moves
> = c8xa6
clear_board
quartet-moves
> =
quartet-position
> = 1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b

# positions as text
quartet-setposition w6b/8/8/8/8/8/8/b1b1w3 b
quartet-position
> = w6b/8/8/8/8/8/8/b1b1w3 b
quartet-perft 1
> = 9
undo
> ? cannot undo: no move to take back
quartet-setposition nonsense
~ ? position: expected 8 ranks
quartet-setposition
> ? syntax error: usage: quartet-setposition TEXT
quartet-position
> = w6b/8/8/8/8/8/8/b1b1w3 b

# the engine: ai is alpha-beta in LOA, and its errors name that searcher's
# settings, then those it keeps for another game's searcher
quartet-set colour blue
> ? unknown setting 'colour' for ai (known: seed, level, ladder, iterations, depth, ms, memory, tt, lmr, null, rfp, lmp, ponder, threads, mistakes; for another game's searcher: c, cutoff, evalplies, maxplies, prior, reuse, rave, expand, prove, careful)
quartet-player random
quartet-player wizard
> ? unknown player kind 'wizard' (known: ai, mcts, alphabeta, random)
quartet-set seed 11
quartet-set level 99
> ? unknown setting 'level' for random (known: seed, careful)
quartet-set colour blue
> ? unknown setting 'colour' for random (known: seed, careful)
quartet-settings
> = seed=11 careful=0
quartet-set careful 1
quartet-settings
> = seed=11 careful=1
quartet-set careful 0
quartet-set seed
> ? syntax error: usage: quartet-set NAME VALUE
quartet-settings
~ seed=11
clear_board
reg_genmove b
quartet-moves
> =
genmove white
> ? white is not to move (black is)
genmove purple
> ? syntax error: unknown colour 'purple' (black, white, 1 or 2)
genmove b
quartet-to_move
> = white
quartet-player mcts
quartet-settings
> = seed=11 level=8 ladder=standard iterations=0 ms=0 memory=256 c=0.7 cutoff=1 evalplies=4 maxplies=1000 prior=4 reuse=1 ponder=0 rave=0 threads=1 expand=1 mistakes=0 prove=0
quartet-player ai
quartet-settings
> = seed=11 level=8 ladder=standard iterations=0 depth=0 ms=0 memory=64 tt=1 lmr=1 null=1 rfp=1 lmp=1 ponder=0 threads=1 mistakes=0
quartet-set prior 3
> =
quartet-set level 99
> ? level must be 1..10, not 99
quartet-set colour blue
> ? unknown setting 'colour' for ai (known: seed, level, ladder, iterations, depth, ms, memory, tt, lmr, null, rfp, lmp, ponder, threads, mistakes; for another game's searcher: c, cutoff, evalplies, maxplies, prior, reuse, rave, expand, prove, careful)
1 genmove w
quartet-to_move
> = black
undo
undo
quartet-moves
> =

# time
time_settings 300 0 0
time_settings 0 1 1
time_left b 10 0
time_left b 9.5 3
time_settings a b c
> ? syntax error: expected MAIN BYO_TIME BYO_STONES (seconds, seconds, a whole number of moves)
time_left b -1 0
> ? syntax error: expected COLOR SECONDS STONES
time_left x 1 0
> ? syntax error: unknown colour 'x' (black, white, 1 or 2)
time_settings 1 2
> ? syntax error: usage: time_settings MAIN BYO_TIME BYO_STONES
genmove b
time_settings 0 0 0

# a whole game, ending when Black connects (random players, seeds 279 and 1279)
quartet-game loa
play b e1-c3
play w h6-f4
play b g1-g3
play w a5-c7
play b g8-g6
play w h3xf1
play b c3-b4
play w h5-h1
play b g3-g1
play w h2-f2
play b g1-h2
play w a2-d2
play b f8-c5
play w f4xb4
play b b8-f8
play w h4-f6
play b d1-e2
play w a4-c6
play b e8-a8
play w f6-h4
play b f8-b8
play w a3xc1
play b b1-e4
play w a6xc8
play b g6-e6
play w a7-d7
play b d8-h8
play w c6-a6
play b e4-g6
play w a6-d6
play b h8-g7
play w f2-d4
play b g7-e5
play w d4-g4
play b g6xd6
play w h4-e4
play b h2xc7
play w e4-c2
play b a8-c6
play w b4-d4
quartet-result
> = none
play b e2-c4
quartet-result
> = 1-0
quartet-result_reason
> = Black connects all pieces
final_score
> = B+
quartet-to_move
> = none
all_legal_moves
> =
genmove w
> ? game is over
reg_genmove w
> ? game is over
play w b2-b3
> ? illegal move: b2-b3: the game is over
showboard
> =
>     a b c d e f g h
>  8  . B W . . . . .  8
>  7  . . B W . . . W  7
>  6  . . B B B . . .  6
>  5  . . B . B . . .  5
>  4  . . B W . . W .  4
>  3  . . . . . . . .  3
>  2  . . W W . . . .  2
>  1  . . W . . W . W  1
>     a b c d e f g h
> Black (B): 8 pieces, White (W): 10 pieces
quartet-savesgf @TMP@/loa-game.sgf
quartet-savesgf @TMP@/no/such/folder/x.sgf
~ ? cannot save file: cannot write
~ No such file or directory
undo
quartet-result
> = none
quartet-to_move
> = black
loadsgf @TMP@/loa-game.sgf
quartet-result
> = 1-0
quartet-moves
> = e1-c3 h6-f4 g1-g3 a5-c7 g8-g6 h3xf1 c3-b4 h5-h1 g3-g1 h2-f2 g1-h2 a2-d2 f8-c5 f4xb4 b8-f8 h4-f6 d1-e2 a4-c6 e8-a8 f6-h4 f8-b8 a3xc1 b1-e4 a6xc8 g6-e6 a7-d7 d8-h8 c6-a6 e4-g6 a6-d6 h8-g7 f2-d4 g7-e5 d4-g4 g6xd6 h4-e4 h2xc7 e4-c2 a8-c6 b4-d4 e2-c4
loadsgf @TMP@/loa-game.sgf 4
quartet-moves
> = e1-c3 h6-f4 g1-g3
quartet-to_move
> = white
loadsgf @TMP@/loa-game.sgf 0
> ? syntax error: move number '0' must be a whole number from 1 to 100000
loadsgf @TMP@/missing.sgf
~ ? cannot load file: cannot read
~ missing.sgf: No such file or directory
quartet-moves
> = e1-c3 h6-f4 g1-g3
loadsgf @DATA@/illegal.sgf
> ? cannot load file: tests/gtp/data/illegal.sgf: line 4: illegal move B[d8-d5]: the file through d8 holds 2 pieces, so the piece must move exactly 2 squares
loadsgf @DATA@/out-of-turn.sgf
> ? cannot load file: tests/gtp/data/out-of-turn.sgf: line 3: W[c8-c6], but Black is to move
loadsgf @DATA@/unknown-game.sgf
~ ? cannot load file: tests/gtp/data/unknown-game.sgf: line 1: unknown game GM[1] (known: loa
loadsgf @DATA@/truncated.sgf
> ? cannot load file: tests/gtp/data/truncated.sgf: line 3: unexpected end of file in a value begun on line 3
loadsgf @DATA@/bad-option.sgf
> ? cannot load file: tests/gtp/data/bad-option.sgf: line 2: option nomove: 'sometimes' is not one of: pass, lose
# failed loads change nothing
quartet-moves
> = e1-c3 h6-f4 g1-g3
quartet-game
> = loa simultaneous=draw nomove=pass repetition=3

# another program's record: text before the tree, annotations, a variation
loadsgf @DATA@/other-program.sgf
quartet-moves
> = c8-c6 a6-c4 c6-a6
quartet-result
> = 1-0
quartet-result_reason
> = White resigned
final_score
> = B+R
quartet-to_move
> = none
undo
quartet-result
> = none
quartet-savesgf @TMP@/resigned.sgf
