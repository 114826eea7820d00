//go:build js

package count

// No runs ship in the browser's WebAssembly (ShippedGames).
func shippedRun(string, runKey, any) bool { return false }

func testingBinary() bool { return false }
