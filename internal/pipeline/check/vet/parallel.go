package vet

import (
	goruntime "runtime"
	"sync"
	"sync/atomic"
)

// parallel calls f(i) for every i in [0, n), on as many goroutines as
// there are processors, and returns when every call has returned. The
// calls must be independent: rules, or cells, analysed each on its own.
func parallel(n int, f func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range max(1, min(n, goruntime.GOMAXPROCS(0))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				f(i)
			}
		}()
	}
	wg.Wait()
}
