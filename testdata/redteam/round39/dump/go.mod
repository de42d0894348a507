module dump
go 1.26.0
require hookc.dev/hookc v0.0.0
replace hookc.dev/hookc => /work/main
