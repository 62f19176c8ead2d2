package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/rfc2396/rfc2396/grammar"
	"github.com/rfc2396/rfc2396/parser"
	"github.com/rfc2396/rfc2396/report"
)

func completionCommand() *command {
	return &command{
		name:    "completion",
		summary: "print a bash or zsh script completing commands and flags",
		usage:   "completion bash|zsh",
		about: `Prints a script that completes rfc2396's commands, each command's flags, and
the values of --standard, --profile, --dotdot and --component. The lists
come from the commands themselves, so a new flag is completed once the
script is printed again. To install it:

  bash:  rfc2396 completion bash > ~/.local/share/bash-completion/completions/rfc2396
         (or add 'source <(rfc2396 completion bash)' to ~/.bashrc)
  zsh:   rfc2396 completion zsh > "${fpath[1]}/_rfc2396"
         (or add 'source <(rfc2396 completion zsh)' to ~/.zshrc, after compinit)`,
		setup: func(fs *flag.FlagSet) func(*invocation) int {
			return func(inv *invocation) int {
				if len(inv.args) != 1 || inv.args[0] != "bash" && inv.args[0] != "zsh" {
					fmt.Fprintln(inv.errOut, "rfc2396 completion: want one shell, bash or zsh")
					fmt.Fprintln(inv.errOut, "run 'rfc2396 completion -h' for its usage")
					return 2
				}
				specs := completionSpecs()
				if inv.args[0] == "bash" {
					writeBashCompletion(inv.output(), specs)
				} else {
					writeZshCompletion(inv.output(), specs)
				}
				return 0
			}
		},
	}
}

// completionSpec is what the scripts complete of one command.
type completionSpec struct {
	name, summary string
	flags         []flagSpec
}

// flagSpec is one flag of a command.
type flagSpec struct {
	name, usage string
	takesValue  bool
	values      []string // the values it takes, when they are few and known
	file        bool     // its value is a file name
}

// completionSpecs returns the commands, with the flags each defines, and
// "help" and "version".
func completionSpecs() []completionSpec {
	var specs []completionSpec
	for _, c := range commands() {
		fs, _, _ := newFlagSet(c, io.Discard)
		s := completionSpec{name: c.name, summary: c.summary}
		fs.VisitAll(func(f *flag.Flag) {
			_, usage := flag.UnquoteUsage(f)
			fl := flagSpec{name: f.Name, usage: usage, takesValue: !isBoolFlag(f), values: flagValues(f.Name)}
			fl.file = fl.takesValue && (f.Name == "f" || f.Name == "file" || f.Name == "vars")
			s.flags = append(s.flags, fl)
		})
		specs = append(specs, s)
	}
	specs = append(specs, completionSpec{name: "help", summary: "show the usage of the tool or of a command"},
		completionSpec{name: "version", summary: "print the version"})
	return specs
}

func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// flagValues returns the values of the flags that take one of a few.
func flagValues(name string) []string {
	var vs []string
	switch name {
	case "standard":
		vs = report.StandardNames()
	case "profile":
		for _, p := range grammar.Profiles() {
			vs = append(vs, p.Name)
		}
	case "dotdot":
		vs = []string{parser.KeepDotDot.Code(), parser.RemoveDotDot.Code(), parser.RefuseDotDot.Code()}
	case "component":
		for _, r := range parser.EscapeRules() {
			vs = append(vs, r.String())
		}
	}
	return vs
}

// writeBashCompletion writes the bash script.
func writeBashCompletion(w io.Writer, specs []completionSpec) {
	var names []string
	for _, s := range specs {
		names = append(names, s.name)
	}
	fmt.Fprintf(w, `# bash completion for rfc2396, written by 'rfc2396 completion bash'.
_rfc2396() {
    local cur prev cmd words
    cur="${COMP_WORDS[COMP_CWORD]}"
    prev="${COMP_WORDS[COMP_CWORD-1]}"
    COMPREPLY=()
    if [[ $COMP_CWORD -eq 1 ]]; then
        COMPREPLY=($(compgen -W %s -- "$cur"))
        return
    fi
    cmd="${COMP_WORDS[1]}"
    case "$cmd" in
    help)
        COMPREPLY=($(compgen -W %s -- "$cur"))
        return ;;
    completion)
        COMPREPLY=($(compgen -W "bash zsh" -- "$cur"))
        return ;;
    esac
    case "$cmd:${prev#--}" in
`, shellQuote(strings.Join(append(names, "-h", "--help", "-v", "--version"), " ")), shellQuote(strings.Join(names, " ")))
	for _, s := range specs {
		for _, f := range s.flags {
			// The word before: "--name" (with "--" cut) or "-name".
			pattern := s.name + ":" + f.name + "|" + s.name + ":-" + f.name
			switch {
			case f.file:
				fmt.Fprintf(w, "    %s)\n        COMPREPLY=($(compgen -f -- \"$cur\"))\n        return ;;\n", pattern)
			case len(f.values) > 0:
				fmt.Fprintf(w, "    %s)\n        COMPREPLY=($(compgen -W %s -- \"$cur\"))\n        return ;;\n", pattern, shellQuote(strings.Join(f.values, " ")))
			case f.takesValue:
				fmt.Fprintf(w, "    %s)\n        return ;;\n", pattern)
			}
		}
	}
	fmt.Fprint(w, `    esac
    if [[ "$cur" == -* ]]; then
        case "$cmd" in
`)
	for _, s := range specs {
		var flags []string
		for _, f := range s.flags {
			flags = append(flags, dashed(f.name))
		}
		flags = append(flags, "-h")
		fmt.Fprintf(w, "        %s) words=%s ;;\n", s.name, shellQuote(strings.Join(flags, " ")))
	}
	fmt.Fprint(w, `        *) words="-h" ;;
        esac
        COMPREPLY=($(compgen -W "$words" -- "$cur"))
        return
    fi
    COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -F _rfc2396 rfc2396
`)
}

// writeZshCompletion writes the zsh script: a completion function for
// fpath (#compdef) that also works when sourced.
func writeZshCompletion(w io.Writer, specs []completionSpec) {
	fmt.Fprint(w, `#compdef rfc2396
# zsh completion for rfc2396, written by 'rfc2396 completion zsh'.
_rfc2396() {
    local -a commands
    commands=(
`)
	for _, s := range specs {
		fmt.Fprintf(w, "        %s\n", shellQuote(s.name+":"+zshText(s.summary)))
	}
	fmt.Fprint(w, `    )
    if (( CURRENT == 2 )); then
        _describe -t commands 'rfc2396 command' commands
        return
    fi
    local cmd=$words[2]
    shift words
    (( CURRENT-- ))
    case $cmd in
    help)
        _describe -t commands 'rfc2396 command' commands ;;
    completion)
        _values 'shell' bash zsh ;;
`)
	for _, s := range specs {
		if len(s.flags) == 0 {
			continue
		}
		fmt.Fprintf(w, "    %s)\n        _arguments -s \\\n", s.name)
		for _, f := range s.flags {
			spec := dashed(f.name) + "[" + zshText(f.usage) + "]"
			switch {
			case f.file:
				spec += ":file:_files"
			case len(f.values) > 0:
				spec += ":" + f.name + ":(" + strings.Join(f.values, " ") + ")"
			case f.takesValue:
				spec += ":" + f.name + ": "
			}
			if f.takesValue && !f.file && len(f.values) == 0 {
				spec = strings.TrimSuffix(spec, " ")
			}
			fmt.Fprintf(w, "            %s \\\n", shellQuote(spec))
		}
		fmt.Fprint(w, "            '*:argument:_files' ;;\n")
	}
	fmt.Fprint(w, `    esac
}
if [[ "${funcstack[1]}" == _rfc2396 ]]; then
    _rfc2396 "$@"
else
    compdef _rfc2396 rfc2396
fi
`)
}

// zshText makes a description safe inside a zsh _arguments spec or
// _describe item: one line, at most 70 bytes, without the characters those
// give a meaning (brackets, colons, backslashes).
func zshText(s string) string {
	s = firstLine(s)
	s = strings.Map(func(r rune) rune {
		if slices.Contains([]rune("[]:\\`$"), r) {
			return ' '
		}
		return r
	}, s)
	if len(s) > 70 {
		s = s[:67] + "..."
	}
	return s
}

// shellQuote returns s in single quotes, for sh, bash and zsh.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
