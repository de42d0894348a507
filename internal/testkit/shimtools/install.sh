#!/usr/bin/env bash
# install.sh DIR: installs the version managers runtime's TestShimOracle
# runs (design.md 449) below DIR, each as its own real code:
#
#   DIR/pyenv/        pyenv's scripts (libexec/pyenv), from a pyenv
#                     checkout ($PYENV_SRC, default /root/.pyenv: this
#                     kind of machine comes with one; no registry we reach
#                     ships pyenv), without its versions and shims
#   DIR/rbenv/        Debian's rbenv (apt-get install rbenv): a link to
#                     /usr/lib/rbenv
#   DIR/bin/mise      mise, the binary of npm's @jdxcode/mise-linux-x64
#   DIR/bin/asdf      asdf 0.20 (Go): `go install` through the module
#                     proxy, else built from a source tree $ASDF_SRC (the
#                     proxy has refused github.com/asdf-vm/asdf so far)
#
# Idempotent: a manager already there is kept. The test takes DIR from
# HOOKC_SHIM_TOOLS. It prints what it could not install and exits 1 if
# any is missing; the others are installed all the same.
set -u
dir=${1:?usage: install.sh DIR}
mkdir -p "$dir/bin" && dir=$(cd "$dir" && pwd)
missing=()

# pyenv: plain bash scripts.
if [ ! -x "$dir/pyenv/libexec/pyenv" ]; then
	src=${PYENV_SRC:-/root/.pyenv}
	if [ -x "$src/libexec/pyenv" ]; then
		rm -rf "$dir/pyenv.tmp" && mkdir -p "$dir/pyenv.tmp" &&
			(cd "$src" && tar --exclude=./versions --exclude=./shims --exclude=./version --exclude=./.git -cf - .) |
			tar -xf - -C "$dir/pyenv.tmp" && mv "$dir/pyenv.tmp" "$dir/pyenv"
	fi
	[ -x "$dir/pyenv/libexec/pyenv" ] || missing+=("pyenv (no pyenv checkout at $src; set PYENV_SRC)")
fi

# rbenv: Debian's package (1.1.2 on Debian 12).
if [ ! -x "$dir/rbenv/libexec/rbenv" ]; then
	if [ ! -x /usr/lib/rbenv/libexec/rbenv ]; then
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq rbenv >/dev/null 2>&1 ||
			{ apt-get update -qq >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq rbenv >/dev/null 2>&1; }
	fi
	[ -x /usr/lib/rbenv/libexec/rbenv ] && ln -sfn /usr/lib/rbenv "$dir/rbenv"
	[ -x "$dir/rbenv/libexec/rbenv" ] || missing+=("rbenv (apt-get install rbenv failed)")
fi

# mise: the platform package holds the binary; no install script needed.
if [ ! -x "$dir/bin/mise" ]; then
	npm install --silent --no-audit --no-fund --ignore-scripts --prefix "$dir/npm" @jdxcode/mise-linux-x64@2026.9.15 >/dev/null 2>&1
	m="$dir/npm/node_modules/@jdxcode/mise-linux-x64/bin/mise"
	[ -x "$m" ] && cp "$m" "$dir/bin/mise.tmp" && mv "$dir/bin/mise.tmp" "$dir/bin/mise"
	rm -rf "$dir/npm"
	[ -x "$dir/bin/mise" ] || missing+=("mise (npm install @jdxcode/mise-linux-x64@2026.9.15 failed)")
fi

# asdf: Go.
if [ ! -x "$dir/bin/asdf" ]; then
	GOBIN="$dir/bin" GOFLAGS=-mod=mod go install github.com/asdf-vm/asdf/cmd/asdf@v0.20.0 >/dev/null 2>&1
	if [ ! -x "$dir/bin/asdf" ] && [ -n "${ASDF_SRC:-}" ] && [ -f "$ASDF_SRC/go.mod" ]; then
		(cd "$ASDF_SRC" && go build -o "$dir/bin/asdf" ./cmd/asdf) >/dev/null 2>&1
	fi
	[ -x "$dir/bin/asdf" ] || missing+=("asdf (the Go module proxy refuses github.com/asdf-vm/asdf; set ASDF_SRC to an asdf v0.20 source tree)")
fi

for m in "${missing[@]}"; do echo "shimtools: not installed: $m" >&2; done
[ ${#missing[@]} -eq 0 ]
