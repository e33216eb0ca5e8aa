# tests/e2e/reader-tokens.sh - the overlay's token level (D, or Enter in
# the overlay), driven for real in tmux.
. tests/lib.sh
. tests/tmux.sh

# ---- MSS: tokens with their scores, the sparkline, the span's ends
start 100 12 -a mss "$D/algos.html"
check "tokens: page open" "The essay itself"
keys D
check "D opens the token level" "[tokens]"
check "tag tokens show with their score" "$(printf '\342\200\271a\342\200\272')-3.25"
check "each block has its heading" "block 0  p  score"
check "the running sum is a sparkline" "$(printf '\342\226\201')"
check_not "the span is further down" "span starts at token"
keys n
check "n goes to the span's start" "span starts at token 17"
check "the start is marked at its token" "$(printf '\342\226\266') The essay itself"
check "n says where it went" "span boundary at line"
keys n
check "n again: the span's end" "$(printf '\342\227\200')"
check_gone "the start is off the screen then" "span starts at token 17"
keys N
check "N goes back to the start" "$(printf '\342\226\266') The essay itself"
keys q
check_gone "q leaves the token level" "[tokens]"
check "back in the article" "The essay itself"
keys d
check "d: the overlay" "[overlay]"
keys j j j Enter
check "Enter in the overlay opens the token level" "[tokens]"
check "at the block that was at the top" "block 2  p"
keys Escape
check "Esc returns to the overlay" "[overlay]"
keys d
check_gone "d leaves the overlay" "[overlay]"
quits "q quits"

# ---- readability: the node-level evidence instead
start 100 30 -a readability "$D/algos.html"
check "evidence: page open" "Reader1"
keys D
check "D shows readability's candidates" "the candidates for the article's container"
check "the chosen container by its path" "top     article"
check "its content score, weight and link density" "weight +0  links 0.00"
check "a sibling with its threshold" "threshold 10.0:"
check "and whether it passed" "passed, joined"
keys a
check "a switches algorithm in the token level" "block 0  p  score"
keys q
check_gone "q returns" "[tokens]"
quits "q quits"
