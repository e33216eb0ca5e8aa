# bash completion for pith(1); `make install` puts it in
# $(PREFIX)/share/bash-completion/completions/pith.  Options and
# algorithm names come from the pith being completed (--help,
# --list-algorithms, --list-params), so they never go stale.

# _pith_ask ARGS...: run the pith on the command line (or the one in
# PATH) with ARGS, quietly.
_pith_ask()
{
	local cmd=${COMP_WORDS[0]}

	# ~/bin/pith as typed: expand the tilde without eval.
	[[ $cmd == "~/"* ]] && cmd=$HOME/${cmd#"~/"}
	command -v "$cmd" >/dev/null 2>&1 || cmd=pith
	"$cmd" "$@" 2>/dev/null </dev/null
}

_pith()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev=
	local sub=

	((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
	# --opt=value: bash splits at '=' (COMP_WORDBREAKS).
	if [[ $cur == = ]]; then
		cur=
	elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then
		prev=${COMP_WORDS[COMP_CWORD - 2]}
	fi
	case ${COMP_WORDS[1]} in
	batch | eval | learn | train) ((COMP_CWORD > 1)) && sub=${COMP_WORDS[1]} ;;
	esac
	COMPREPLY=()

	case $prev in
	-a | --algorithm | --method)
		local algos
		algos=$(_pith_ask --list-algorithms | while read -r a _; do
			printf '%s\n' "$a"; done)
		[[ -n $algos ]] || algos='auto readability mss bte linkdensity eatiht template'
		[[ $sub == eval ]] && algos="$algos all"
		COMPREPLY=($(compgen -W "$algos" -- "$cur"))
		return
		;;
	-f | --format)
		if [[ $sub == batch ]]; then
			COMPREPLY=($(compgen -W 'jsonl text' -- "$cur"))
		else
			COMPREPLY=($(compgen -W 'text markdown json html' -- "$cur"))
		fi
		return
		;;
	--metric)
		COMPREPLY=($(compgen -W 'shingle lcs both' -- "$cur"))
		return
		;;
	--bidi)
		COMPREPLY=($(compgen -W 'on off' -- "$cur"))
		return
		;;
	--theme)
		COMPREPLY=($(compgen -W 'dark light mono' -- "$cur"))
		compopt -o filenames 2>/dev/null
		COMPREPLY+=($(compgen -f -- "$cur"))
		return
		;;
	-p | --param)
		local names
		names=$(_pith_ask --list-params | while read -r n _; do
			printf '%s=\n' "$n"; done)
		COMPREPLY=($(compgen -W "$names" -- "$cur"))
		compopt -o nospace 2>/dev/null
		return
		;;
	-t | --template | --config | --truth)
		compopt -o filenames 2>/dev/null
		COMPREPLY=($(compgen -f -- "$cur"))
		return
		;;
	-w | --width | -u | --url | --timeout | --max-size | --user-agent | \
	    --cache-size | --time-limit | -j | --jobs | --folds | --lambda | --tau)
		return    # a value of the user's own
		;;
	esac

	if [[ $cur == -* ]]; then
		local opts
		# Every option the command's --help names, short and long.
		opts=$(_pith_ask ${sub:+"$sub"} --help |
		    grep -oE '^ +(-[A-Za-z], )?--[a-z][a-z-]*' | tr -d ,)
		[[ -n $opts || -n $sub ]] || opts='-d --dump -a --algorithm -f --format
		    -t --template -w --width -u --url -p --param --help --version'
		COMPREPLY=($(compgen -W "$opts" -- "$cur"))
		return
	fi
	# A page: a file (or a URL, typed by hand); the commands first.
	compopt -o filenames 2>/dev/null
	((COMP_CWORD == 1)) && COMPREPLY=($(compgen -W 'batch eval learn train' -- "$cur"))
	COMPREPLY+=($(compgen -f -- "$cur"))
}

complete -F _pith pith
