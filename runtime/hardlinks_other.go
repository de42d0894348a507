//go:build !unix

package runtime

// HardLinks says 1 where the system gives no link count to the hook
// cheaply (Windows): hard links there stay unseen (design.md 313).
func (osFS) HardLinks(path string) int { return 1 }
