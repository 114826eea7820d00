// Package param describes the fields of a request (a chart, index plays,
// a simulation) once, so that every face binds them the same way: the
// command line as flags, the page as query parameters. A field has a
// name, a usage line, its allowed values where they are a closed list,
// and a value that parses its text; the request's Validate checks what
// the fields mean together.
//
// Parsing errors and a request's own checks are *Error values, which
// name the field: the page prints them as they are ("shoes 5: want 50 to
// 1000000"), the command line with the flag's dashes ("--shoes 5: ...").
//
// It also holds what requests share of their files: a split run's parts
// (fingerprints, seals, the checks of a merge) and the bounded reading of
// a file a request names (ReadFile: a file that cannot be read is a
// *ReadError, never read whole first).
package param

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A Value is a field's value as text: String shows it, Set parses it,
// Type names its kind for help ("string", "int", "bool"); it is the
// interface command-line flag packages take.
type Value interface {
	String() string
	Set(string) error
	Type() string
}

// A Param is one field of a request.
type Param struct {
	Name string
	// Usage says what the field is; it names other fields as {field},
	// which each face words its own way (Fields): the command line's
	// --count, a page's label.
	Usage  string
	Values []string // the allowed values, for a field that takes one of a list
	Value  Value
	given  *bool
}

// Given reports whether the field was set (by a flag or a parameter),
// as opposed to keeping its default.
func (p Param) Given() bool { return p.given != nil && *p.given }

// A Set is a request's fields, in the order their help lists them.
type Set struct {
	params []Param
}

// All returns the fields.
func (s *Set) All() []Param { return s.params }

// Lookup returns the named field.
func (s *Set) Lookup(name string) (Param, bool) {
	i := slices.IndexFunc(s.params, func(p Param) bool { return p.Name == name })
	if i < 0 {
		return Param{}, false
	}
	return s.params[i], true
}

// Given reports whether the named field was set.
func (s *Set) Given(name string) bool {
	p, ok := s.Lookup(name)
	return ok && p.Given()
}

// Take adds the named fields of from to s, bound to the same values: a
// face that binds some fields of several requests at once (a page whose
// query serves a chart, its card and its heatmap).
func (s *Set) Take(from *Set, names ...string) {
	for _, name := range names {
		p, ok := from.Lookup(name)
		if !ok {
			panic("param: no field " + name + " to take")
		}
		if _, dup := s.Lookup(name); dup {
			panic("param: field " + name + " added twice")
		}
		s.params = append(s.params, p)
	}
}

// Add adds a field whose value parses itself.
func (s *Set) Add(name, usage string, v Value, values ...string) {
	if _, dup := s.Lookup(name); dup {
		panic("param: field " + name + " added twice")
	}
	given := new(bool)
	var tv Value = &tracked{v, given}
	if v.Type() == "bool" {
		tv = &trackedBool{tracked{v, given}}
	}
	s.params = append(s.params, Param{Name: name, Usage: usage, Values: values, Value: tv, given: given})
}

// tracked records that a value was set.
type tracked struct {
	Value
	given *bool
}

func (t *tracked) Set(s string) error {
	if err := t.Value.Set(s); err != nil {
		return err
	}
	*t.given = true
	return nil
}

// trackedBool is a tracked true-or-false value.
type trackedBool struct{ tracked }

// IsBoolFlag tells a flag package that a bool field may be given alone
// (--h17 for --h17=true).
func (t *trackedBool) IsBoolFlag() bool { return true }

// String adds a text field; an empty text is refused (leave the field
// out for its default).
func (s *Set) String(p *string, name, usage string) {
	s.Add(name, usage, textValue{p, nil})
}

// Enum adds a field that takes one of values; usage holds %s where the
// list goes ("output format: %s" → "output format: text, json or csv").
func (s *Set) Enum(p *string, name, usage string, values ...string) {
	s.Add(name, fmt.Sprintf(usage, OrList(values)), textValue{p, values}, values...)
}

// Int adds a whole-number field.
func (s *Set) Int(p *int, name, usage string) { s.Add(name, usage, intValue{p}) }

// Uint64 adds a field of a whole number from 0 (a seed).
func (s *Set) Uint64(p *uint64, name, usage string) { s.Add(name, usage, uintValue{p}) }

// Bool adds a true-or-false field.
func (s *Set) Bool(p *bool, name, usage string) { s.Add(name, usage, boolValue{p}) }

// Float adds a field of a finite number.
func (s *Set) Float(p *float64, name, usage string) { s.Add(name, usage, floatValue{p}) }

// Percent adds a field of a share given as a percentage ("75%"), held as
// a fraction (0.75).
func (s *Set) Percent(p *float64, name, usage string) {
	s.Add(name, usage, fractionValue{p, FormatPercent(*p)})
}

// OptBool adds a true-or-false field that stays nil until given, for a
// setting whose default lies elsewhere (a rule the rule string sets).
func (s *Set) OptBool(p **bool, name, usage string) {
	s.Func(name, usage, "bool", func() string {
		if *p == nil {
			return "false"
		}
		return strconv.FormatBool(**p)
	}, func(v string) error {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return fmt.Errorf("want true or false (or the flag alone for true)")
		}
		*p = &b
		return nil
	})
}

// OptFloat adds a number field that stays nil until given, for a setting
// whose default is derived from others (half a unit).
func (s *Set) OptFloat(p **float64, name, usage string) {
	s.Func(name, usage, "float64", func() string {
		if *p == nil {
			return ""
		}
		return strconv.FormatFloat(**p, 'g', -1, 64)
	}, func(v string) error {
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("want a number, e.g. 0.5")
		}
		*p = &x
		return nil
	})
}

// Strings adds a text field given once per value (a flag repeated, each
// value whole: commas are not split).
func (s *Set) Strings(p *[]string, name, usage string) { s.Add(name, usage, textsValue{p}) }

// Func adds a field parsed by set and shown by show; kind names it in
// help ("ramp").
func (s *Set) Func(name, usage, kind string, show func() string, set func(string) error) {
	s.Add(name, usage, funcValue{show, set, kind})
}

// ParseQuery sets the fields from a page's query: a parameter that is
// not a field is refused, so that a typo is not silently ignored, and so
// is one given twice; an empty value (a form's empty field) keeps the
// field's default. allowed, when not empty, is the fields the page takes
// (a subset of the set's).
func (s *Set) ParseQuery(v url.Values, allowed ...string) error {
	if len(allowed) == 0 {
		for _, p := range s.params {
			allowed = append(allowed, p.Name)
		}
	}
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		p, ok := s.Lookup(k)
		if !ok || !slices.Contains(allowed, k) {
			return fmt.Errorf("unknown parameter %s; want %s", Quote(k, 20), OrList(allowed))
		}
		if len(v[k]) > 1 {
			return fmt.Errorf("parameter %s given %d times; give it once", Quote(k, 20), len(v[k]))
		}
		if v[k][0] == "" {
			continue // a form's empty field: the field's default
		}
		if err := p.Value.Set(v[k][0]); err != nil {
			return Errorf(k, v[k][0], "%v", err)
		}
	}
	return nil
}

// Query returns the fields given, as a page's query.
func (s *Set) Query() url.Values {
	v := url.Values{}
	for _, p := range s.params {
		if p.Given() {
			v.Set(p.Name, p.Value.String())
		}
	}
	return v
}

// Changed returns the fields whose values differ from those of def (the
// same request's fields bound to its defaults), as a page's query: a
// request's canonical query, whatever fields it has.
func (s *Set) Changed(def *Set) url.Values {
	v := url.Values{}
	for _, p := range s.params {
		d, ok := def.Lookup(p.Name)
		if x := p.Value.String(); !ok || x != d.Value.String() {
			v.Set(p.Name, x)
		}
	}
	return v
}

// An Error is a field's value that a request refuses: the field, the
// value as given, and what is wrong or allowed.
type Error struct {
	Name    string
	Input   string // quoted where it is text, as given where it is a number
	Problem string
}

// Error says the error with the fields by their names, as a page's form
// names them; Render lets a face name them its own way.
func (e *Error) Error() string { return e.Render(func(field string) string { return field }) }

// Render says the error with each field named by name: the command line's
// --count, the page's count. A Problem may name other fields as {field};
// one that names the error's own field ({ramp} needs {count}: ...) is the
// whole message.
func (e *Error) Render(name func(field string) string) string {
	problem := Fields(e.Problem, name)
	switch {
	case strings.Contains(e.Problem, "{"+e.Name+"}"):
		return problem
	case e.Problem == "": // Input is the whole message after the name
		return name(e.Name) + " " + e.Input
	case e.Input == "":
		return name(e.Name) + ": " + problem
	}
	return name(e.Name) + " " + e.Input + ": " + problem
}

// Fields is text (an error's problem, a field's usage) with each field
// it names as {field} named by name: a field's name is a lower-case
// letter, then lower-case letters, digits and hyphens. (Scanned, not a
// regular expression: every flag's usage passes here as each process
// builds its command line.)
func Fields(text string, name func(field string) string) string {
	var b strings.Builder
	done := 0 // text[:done] is in b
	for i := strings.IndexByte(text, '{'); i >= 0; {
		j := i + 1
		for j < len(text) && (text[j] >= 'a' && text[j] <= 'z' || j > i+1 && (text[j] >= '0' && text[j] <= '9' || text[j] == '-')) {
			j++
		}
		if j > i+1 && j < len(text) && text[j] == '}' {
			b.WriteString(text[done:i])
			b.WriteString(name(text[i+1 : j]))
			done, j = j+1, j+1
		}
		k := strings.IndexByte(text[j:], '{')
		if k < 0 {
			break
		}
		i = j + k
	}
	if done == 0 {
		return text
	}
	b.WriteString(text[done:])
	return b.String()
}

// Fieldf is the error of a field taken with others: format names each as
// {field} ("{ramp} needs {count}: a ramp bets by the count").
func Fieldf(name, format string, args ...any) *Error {
	return &Error{Name: name, Problem: fmt.Sprintf(format, args...)}
}

// Errorf returns the error of a field's text value, quoted.
func Errorf(name, value, format string, args ...any) *Error {
	return &Error{name, Quote(value, 40), fmt.Sprintf(format, args...)}
}

// NumberErrorf returns the error of a field's number, unquoted.
func NumberErrorf(name string, value any, format string, args ...any) *Error {
	return &Error{name, fmt.Sprint(value), fmt.Sprintf(format, args...)}
}

// Quote quotes user input for a message, cut to max runes so that a long
// or hostile value cannot flood it.
func Quote(s string, max int) string {
	if utf8.RuneCountInString(s) > max {
		s = string([]rune(s)[:max]) + "..."
	}
	return strconv.Quote(s)
}

// OrList joins values as "a, b or c".
func OrList(values []string) string {
	if len(values) < 2 {
		return strings.Join(values, "")
	}
	return strings.Join(values[:len(values)-1], ", ") + " or " + values[len(values)-1]
}

// Name is a name as bjchart compares names a user types (a format, a
// count, an index set, a field's value from a list): case does not
// matter, and _ is -. "Hi_Opt1" is "hi-opt1".
func Name(s string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(s)), "_", "-")
}

type textValue struct {
	p      *string
	values []string
}

func (v textValue) String() string { return *v.p }
func (v textValue) Type() string   { return "string" }
func (v textValue) Set(s string) error {
	if strings.TrimSpace(s) == "" {
		return fmt.Errorf("an empty value; give one, or leave it out for its default")
	}
	if v.values != nil {
		i := slices.IndexFunc(v.values, func(x string) bool { return Name(x) == Name(s) })
		if i < 0 {
			return fmt.Errorf("want %s", OrList(v.values))
		}
		s = v.values[i] // "Late" is late
	}
	*v.p = s
	return nil
}

// textsValue is a field given any number of times, each value kept.
type textsValue struct{ p *[]string }

func (v textsValue) String() string {
	if len(*v.p) == 0 {
		return ""
	}
	return "[" + strings.Join(*v.p, ",") + "]"
}
func (v textsValue) Type() string { return "stringArray" }
func (v textsValue) Set(s string) error {
	if strings.TrimSpace(s) == "" {
		return fmt.Errorf("an empty value; give one, or leave it out")
	}
	*v.p = append(*v.p, s)
	return nil
}

type intValue struct{ p *int }

func (v intValue) String() string { return strconv.Itoa(*v.p) }
func (v intValue) Type() string   { return "int" }
func (v intValue) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("want a whole number, e.g. 3")
	}
	*v.p = n
	return nil
}

type uintValue struct{ p *uint64 }

func (v uintValue) String() string { return strconv.FormatUint(*v.p, 10) }
func (v uintValue) Type() string   { return "uint64" }
func (v uintValue) Set(s string) error {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return fmt.Errorf("want a whole number from 0, e.g. 1")
	}
	*v.p = n
	return nil
}

type boolValue struct{ p *bool }

func (v boolValue) String() string { return strconv.FormatBool(*v.p) }
func (v boolValue) Type() string   { return "bool" }
func (v boolValue) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return fmt.Errorf("want true or false")
	}
	*v.p = b
	return nil
}

type floatValue struct{ p *float64 }

func (v floatValue) String() string { return strconv.FormatFloat(*v.p, 'g', -1, 64) }
func (v floatValue) Type() string   { return "float64" }
func (v floatValue) Set(s string) error {
	x, err := strconv.ParseFloat(s, 64)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange):
		return fmt.Errorf("want a number")
	case x != x || x > 1e300 || x < -1e300:
		return fmt.Errorf("want a finite number, at most 1e300 in size")
	}
	*v.p = x
	return nil
}

type fractionValue struct {
	p       *float64
	example string // the default, shown in the message
}

func (v fractionValue) String() string { return FormatPercent(*v.p) }
func (v fractionValue) Type() string   { return "percent" }
func (v fractionValue) Set(s string) error {
	x, err := ParsePercent(s)
	if err != nil {
		return fmt.Errorf("want a percentage above 0 and below 100, e.g. %s", v.example)
	}
	*v.p = x
	return nil
}

// ParsePercent reads a percentage strictly between 0 and 100 ("75%") as
// a fraction (0.75).
func ParsePercent(s string) (float64, error) {
	p, err := strconv.ParseFloat(strings.TrimSuffix(s, "%"), 64)
	if err != nil || !strings.HasSuffix(s, "%") || !(p > 0 && p < 100) {
		return 0, fmt.Errorf("want a percentage above 0 and below 100")
	}
	return p / 100, nil
}

// FormatPercent shows a fraction as a percentage: 0.75 as "75%".
func FormatPercent(x float64) string {
	return strconv.FormatFloat(x*100, 'g', 10, 64) + "%"
}

// ParseCount reads a count written with an optional k, M or G: 10M,
// 2.5k, 1G or 12345; it must come to a whole number from 1 to 1e15.
func ParseCount(s string) (int64, error) {
	mult := 1.0
	switch {
	case strings.HasSuffix(s, "k"), strings.HasSuffix(s, "K"):
		mult, s = 1e3, s[:len(s)-1]
	case strings.HasSuffix(s, "M"):
		mult, s = 1e6, s[:len(s)-1]
	case strings.HasSuffix(s, "G"):
		mult, s = 1e9, s[:len(s)-1]
	}
	f, err := strconv.ParseFloat(s, 64)
	n := f * mult
	if err != nil || n < 1 || n > 1e15 || n != float64(int64(n)) {
		return 0, fmt.Errorf("want a whole number from 1 to 1e15, e.g. 1000000, 10M or 2.5k")
	}
	return int64(n), nil
}

type funcValue struct {
	show func() string
	set  func(string) error
	kind string
}

func (v funcValue) String() string     { return v.show() }
func (v funcValue) Type() string       { return v.kind }
func (v funcValue) Set(s string) error { return v.set(s) }

// Digest is the SHA-256 of v's JSON, in hex: a split run's fingerprint
// (its request and version) and a part's seal (the part with its seal
// cleared), which a merge checks against mistakes and careless edits (not
// a signature: whoever edits a part can digest it again). "" if v cannot
// be encoded.
func Digest(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// Fingerprint identifies a split run: the digest of its request (its
// shard cleared) and the program's version, which every part of the run
// shares.
func Fingerprint(request any, version string) string {
	return Digest(struct {
		Request any
		Version string
	}{request, version})
}

// ParseShard reads a part of a run split across machines, "i/n" with
// 1 <= i <= n <= 100000.
func ParseShard(s string) (int, int, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || n > 100000 || i < 1 || i > n {
		return 0, 0, fmt.Errorf("want i/n with 1 <= i <= n <= 100000, e.g. 3/10")
	}
	return i, n, nil
}

// DecodePart reads the JSON of one part of a split run into v: one JSON
// value and nothing after it, so that two parts joined into one file are
// refused rather than read as the first.
func DecodePart(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return ErrJoinedParts
	}
	return nil
}

// ErrJoinedParts is DecodePart's error for a file holding more than one
// JSON value.
var ErrJoinedParts = errors.New("more than one JSON value (parts joined into one file?): give each part as its own file")

// A PartLabel is what a merge checks of each part of a split run alike:
// its file, which part it is of how many, and the run it is a part of
// (its fingerprint, and the header it prints where the fingerprint does
// not bind it).
type PartLabel struct {
	File string
	I, N int
	Run  string
}

// CheckParts checks the parts a merge is given: each of the first's run
// and number of parts, each given once, none missing.
func CheckParts(parts []PartLabel) error {
	if len(parts) == 0 {
		return fmt.Errorf("no parts to merge: give the files of the parts")
	}
	first := parts[0]
	seen := map[int]string{}
	for _, p := range parts {
		if p.Run != first.Run || p.N != first.N {
			return fmt.Errorf("%s: not a part of the same run as %s (every part must come from the same command but for --shard, with the same input files and the same version of bjchart)", p.File, first.File)
		}
		if prev, dup := seen[p.I]; dup {
			return fmt.Errorf("%s: part %d/%d again (also %s)", p.File, p.I, p.N, prev)
		}
		seen[p.I] = p.File
	}
	if len(seen) != first.N {
		var missing []string
		for i := 1; i <= first.N && len(missing) < 10; i++ {
			if _, ok := seen[i]; !ok {
				missing = append(missing, strconv.Itoa(i))
			}
		}
		return fmt.Errorf("%d of %d parts given; missing %s", len(seen), first.N, strings.Join(missing, ", "))
	}
	return nil
}
