package sim

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestMain runs the tests at GOGC 400, as cmd/bjchart's (its TestMain
// says why).
func TestMain(m *testing.M) {
	debug.SetGCPercent(400)
	os.Exit(m.Run())
}
