package count

import (
	"bytes"
	"encoding/gob"
)

// ShippedFile is the shipped runs' file, for TestShippedRuns.
const ShippedFile = "shipped.runs"

// RecordRuns has every whole run computed handed to f, its key among the
// shipped runs and its gob, until the test ends (restore). A test keeps
// no runs (Keep), so every run is computed.
func RecordRuns(f func(key string, run []byte)) (restore func()) {
	was := recordRun
	recordRun = func(kind string, key runKey, got any) {
		var b bytes.Buffer
		if err := gob.NewEncoder(&b).Encode(got); err != nil {
			panic(err)
		}
		f(sourceKey(kind, key), b.Bytes())
	}
	return func() { recordRun = was }
}

// ShippedRuns are the runs shipped, by key (nil: the file does not read).
func ShippedRuns() map[string][]byte { return shippedRuns() }

// EncodeShipped writes runs as the shipped runs' file.
func EncodeShipped(runs map[string][]byte) ([]byte, error) { return encodeShipped(runs) }

// IndicesKey is a checked indices request's key among the shipped runs.
func IndicesKey(job IndicesJob) string {
	return sourceKey("indices", newRunKey(job.Rules, job.System, job.Decisions, job.options(nil)))
}

// Long is -long, for the external tests.
func Long() bool { return *long }
