#!/bin/sh
# build.sh OUT: builds the hook of every shipped policy into OUT/NAME.
set -e
out=${1:-/tmp/pr3/hooks}; mkdir -p "$out"
here=$(cd "$(dirname "$0")" && pwd); root=$here/../../..
cd "$root"
pol=$(mktemp -d)
go build -o "$pol/hookc" ./cmd/hookc
hookc="$pol/hookc"
for d in examples/*; do $hookc build -o "$out/$(basename $d)" "$d"; done
mkdir -p "$pol/starter"; cp cmd/hookc/initdata/policy.cue "$pol/starter/"
$hookc build -o "$out/starter" "$pol/starter"
for p in readonly destructive secrets self; do
  mkdir -p "$pol/preset-$p"
  printf 'package policy\n\nimport "hookc.dev/presets/%s"\n\ndefault: "ask"\nrules: %s.rules\n' $p $p > "$pol/preset-$p/policy.cue"
  $hookc build -o "$out/preset-$p" "$pol/preset-$p"
done
# the policy hookc import writes: the protocol's sample settings, a typical
# settings file, the one seed settings excerpt with permissions (000: deny only)
for s in import=testdata/protocol/settings.permissions.example.json import-typical=$here/../policies2/settings.typical.json; do
  n=${s%%=*}; f=${s#*=}; mkdir -p "$pol/$n"
  $hookc import -scope project -o "$pol/$n/policy.cue" "$f" >/dev/null 2>&1 || true
  $hookc build -o "$out/$n" "$pol/$n"
done
echo "$pol"
