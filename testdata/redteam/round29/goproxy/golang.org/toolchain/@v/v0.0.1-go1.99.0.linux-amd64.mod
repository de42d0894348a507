module golang.org/toolchain
