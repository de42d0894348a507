package gen_test

import (
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// dump writes every field of v, strings quoted, in a fixed order. The test
// and the program built from the generated table both run it: the program
// gets this function's source, read by dumpSource. It leaves out the
// dispatch index, compiled regexps and automata, which gen computes from
// the rules.
func dump(b *strings.Builder, v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		b.WriteString(strconv.Quote(v.String()))
	case reflect.Pointer:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		b.WriteString("&")
		dump(b, v.Elem())
	case reflect.Slice:
		fmt.Fprintf(b, "[%d:", v.Len())
		for i := range v.Len() {
			dump(b, v.Index(i))
			b.WriteString(",")
		}
		b.WriteString("]")
	case reflect.Struct:
		b.WriteString("{")
		for i := range v.NumField() {
			if f := v.Type().Field(i); f.IsExported() && f.Name != "Index" && f.Name != "Regexps" && f.Name != "DFAs" && f.Name != "DFA" {
				b.WriteString(f.Name + ":")
				dump(b, v.Field(i))
				b.WriteString(",")
			}
		}
		b.WriteString("}")
	default:
		fmt.Fprintf(b, "%v", v.Interface())
	}
}

// dumpSource returns the source of dump, from this file.
func dumpSource(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("dump_test.go")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	start := strings.Index(src, "func dump(")
	end := strings.Index(src, "// dumpSource returns")
	if start < 0 || end < start {
		t.Fatal("dump_test.go: cannot find func dump")
	}
	return src[start:end]
}
