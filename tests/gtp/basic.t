# The protocol itself: administrative commands, ids, comments, errors.
protocol_version
> = 2
# the engine's report on its last turn: none before the first
quartet-last_search
> ? no search yet: genmove first
name
> = quartet
version
~ = 0.
1 name
> =1 quartet
   # an indented comment line gets no answer

	42   protocol_version   # a comment after a command, a tab before it
> =42 2
known_command genmove
> = true
known_command frobnicate
> = false
known_command
> ? syntax error: usage: known_command NAME
list_commands
> = all_legal_moves
> boardsize
> clear_board
> final_score
> genmove
> gogui-analyze_commands
> gogui-interrupt
> known_command
> list_commands
> loadsgf
> name
> play
> protocol_version
> quartet-analyze
> quartet-game
> quartet-last_search
> quartet-moves
> quartet-perft
> quartet-player
> quartet-ponder
> quartet-position
> quartet-result
> quartet-result_reason
> quartet-savesgf
> quartet-set
> quartet-setposition
> quartet-settings
> quartet-solve
> quartet-to_move
> quit
> reg_genmove
> showboard
> time_left
> time_settings
> undo
> version
frobnicate now
> ? unknown command: frobnicate
7 frobnicate
> ?7 unknown command: frobnicate
PROTOCOL_VERSION
> ? unknown command: PROTOCOL_VERSION
name extra
> ? syntax error: usage: name
5
> ?5 syntax error: no command after the id
gogui-interrupt
> =
gogui-analyze_commands
~ string/Position/quartet-position
~ string/Legal moves/all_legal_moves
~ string/Perft 2/quartet-perft 2
~ string/Result/quartet-result
~ string/Last search/quartet-last_search
# ids past 2^64 are echoed whole, also by an answer that comes from the search thread
123456789012345678901234567890 name
> =123456789012345678901234567890 quartet
quartet-player random
98765432109876543210987 genmove b
> =98765432109876543210987 d8-b6
quartet-last_search
~ = random: 36 legal moves [value 0.500, 0 iterations, 
# a turn chosen but not played is reported too
reg_genmove w
> = h4-g5
quartet-last_search
~ = random: 33 legal moves [value 0.500, 0 iterations, 
quartet-moves
> = d8-b6
9 quit
> =9
