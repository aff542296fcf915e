// Command webdist builds Arena's page for browsers (`make web`): the
// client compiled to WebAssembly, compressed, with its loader.
//
//	go run ./cmd/webdist [--out web/dist]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/arena-games/arena/web"
)

func main() {
	out := flag.String("out", filepath.Join("web", "dist"), "the folder to write the page in")
	flag.Parse()
	if err := web.Build(context.Background(), os.Getenv("GO"), ".", *out); err != nil {
		fmt.Fprintln(os.Stderr, "webdist:", err)
		os.Exit(1)
	}
	for _, f := range []string{web.Wasm, web.Wasm + ".gz", web.Wasm + ".br"} {
		if st, err := os.Stat(filepath.Join(*out, f)); err == nil {
			fmt.Printf("%-16s %6.2f MB\n", f, float64(st.Size())/1e6)
		}
	}
}
