# Y through GTP: a whole standard game, the pie rule, a multi-stone variant.
quartet-game y size=5
quartet-game
> = y size=5 variant=standard pie=auto
all_legal_moves
> = a1 b1 c1 d1 e1 b2 c2 d2 e2 c3 d3 e3 d4 e4 e5
play w d1
~ ? illegal move
play b f1
~ ? illegal move
play b d1
quartet-to_move
> = white
play w d1
~ ? illegal move
play w swap
quartet-to_move
> = black
undo
quartet-to_move
> = white
undo
undo
~ ? cannot undo
play b d1
play w b1
play b b2
play w e2
play b a1
play w d2
play b d3
play w e5
play b e3
play w e1
play b c1
play w c3
play b e4
play w c2
quartet-result
> = 0-1
quartet-result_reason
> = White makes a Y: one group touching all three sides
all_legal_moves
> = 
play b a2
~ ? 
quartet-moves
> = d1 b1 b2 e2 a1 d2 d3 e5 e3 e1 c1 c3 e4 c2
# the two-stone variant with the pie rule on
quartet-game y size=5 variant=double pie=1
play b e1
play w swap
undo
play w d3
quartet-to_move
> = white
play w b2
quartet-to_move
> = black
# a stone next to one placed earlier in the same turn is refused
play b d4,d5
~ ? illegal move
play b d4,e4
~ ? illegal move
quartet-moves
> = e1 d3,b2
undo
quartet-moves
> = e1
play w d3,b2
play b d4,c2
play w e3,c1
play b e4,b1
play w d2,e5
play b d1,a1
play w c3
quartet-result
> = 0-1
quartet-moves
> = e1 d3,b2 d4,c2 e3,c1 e4,b1 d2,e5 d1,a1 c3
# the solver: every winning first move of size 3, then after a corner
quartet-game y size=3 pie=0
quartet-solve
> = win b1,b2,c2
play b a1
quartet-solve 5
> = win c2
quartet-solve 0
> ? syntax error: SECONDS must be a whole number 1..600
quartet-solve 1 2
~ ? syntax error
play w c2
quartet-solve
> = loss -
play b b1
quartet-solve
> = win c1
quartet-game y size=2 pie=0
play b a1
play w b1
play b b2
quartet-result
> = 1-0
quartet-solve
> ? the game is already over (1-0)
# two search threads over one tree: a move, and the turn passes
quartet-game y size=7
quartet-set threads 2
quartet-set iterations 2000
quartet-settings
~ rave=500 threads=2
genmove b
~ = 
quartet-to_move
> = white
quartet-set threads 65
> ? threads must be 1..64, not 65
