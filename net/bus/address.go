//go:build !js

package bus

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"
)

// Address is how a client reaches a NATS server: what --nats, --nats-creds
// and --nats-ca say. It is the one way Arena's commands (arena serve,
// arena tournament run and worker) sign in to NATS.
type Address struct {
	// URL is the server, or a cluster's servers separated by commas:
	// nats://host:4222, with credentials in it or not
	// (nats://user:password@host:4222, nats://token@host:4222); tls://
	// requires TLS.
	URL string `json:"url"`
	// Creds is a credentials file: NATS's .creds (a user JWT and its nkey
	// seed, as nsc makes them) or an nkey seed file (a line starting "SU").
	Creds string `json:"creds,omitempty"`
	// CA is a PEM file of the certificate authorities that sign the
	// server's TLS certificate; with it the connection requires TLS.
	CA string `json:"ca,omitempty"`
}

// String is the address as messages show it: its URL with any password or
// token replaced by "xxxxx", and the files it names.
func (a Address) String() string {
	s := Redact(a.URL)
	if a.Creds != "" {
		s += " (credentials " + a.Creds + ")"
	}
	if a.CA != "" {
		s += " (CA " + a.CA + ")"
	}
	return s
}

// Redact is a NATS URL, or a comma-separated list of them, with each
// password or token replaced by "xxxxx": nats://user:xxxxx@host:4222,
// nats://xxxxx@host:4222. Nothing Arena prints or logs shows a secret.
func Redact(urls string) string {
	parts := strings.Split(urls, ",")
	for i, p := range parts {
		at := strings.LastIndex(p, "@")
		if at < 0 {
			continue
		}
		start := 0
		if s := strings.Index(p, "://"); s >= 0 && s < at {
			start = s + 3
		}
		if user, _, ok := strings.Cut(p[start:at], ":"); ok && !strings.ContainsAny(user, "/?#") {
			parts[i] = p[:start] + user + ":xxxxx" + p[at:]
		} else {
			parts[i] = p[:start] + "xxxxx" + p[at:]
		}
	}
	return strings.Join(parts, ",")
}

// hasUserInfo reports whether one of the URLs holds credentials.
func hasUserInfo(urls string) bool {
	for p := range strings.SplitSeq(urls, ",") {
		if strings.Contains(p, "@") {
			return true
		}
	}
	return false
}

// credsLimit bounds a credentials file: a .creds file is a few kilobytes.
const credsLimit = 64 << 10

// options are the NATS client's options for the address's credentials and
// TLS.
func (a Address) options() ([]nats.Option, error) {
	var opts []nats.Option
	if a.Creds != "" {
		if hasUserInfo(a.URL) {
			return nil, fmt.Errorf("NATS %s: credentials both in the URL and in %s: give one", Redact(a.URL), a.Creds)
		}
		opt, err := credsOption(a.Creds)
		if err != nil {
			return nil, err
		}
		opts = append(opts, opt)
	}
	if a.CA != "" {
		if _, err := os.Stat(a.CA); err != nil {
			return nil, fmt.Errorf("the NATS server's CA file: %w", err)
		}
		opts = append(opts, nats.RootCAs(a.CA))
	}
	return opts, nil
}

// credsOption signs in with the credentials file at path, which the NATS
// client reads again at each reconnection.
func credsOption(path string) (nats.Option, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("the NATS credentials file: %w", err)
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Mode().Perm()&0o077 != 0 {
		slog.Warn("the NATS credentials file can be read by other users: make it readable by its owner only (chmod 600)", "file", path, "mode", st.Mode().Perm().String())
	}
	data, err := io.ReadAll(io.LimitReader(f, credsLimit+1))
	if err != nil {
		return nil, fmt.Errorf("the NATS credentials file: %w", err)
	}
	defer clear(data)
	kind, err := credsKind(path, data)
	if err != nil {
		return nil, err
	}
	if kind == credsJWT {
		return nats.UserCredentials(path), nil
	}
	return nats.NkeyOptionFromSeed(path)
}

// The kinds of credentials files.
const (
	credsJWT  = "creds" // a user JWT and its seed
	credsSeed = "nkey"  // a user's nkey seed
)

// credsKind says what a credentials file holds, or why it is not one. Its
// errors never quote the file: it holds a secret.
func credsKind(name string, data []byte) (string, error) {
	const expected = "expected NATS credentials: a .creds file (a user JWT and its nkey seed) or an nkey seed file (a line starting \"SU\")"
	if len(data) > credsLimit {
		return "", fmt.Errorf("%s: more than %d KiB: %s", name, credsLimit>>10, expected)
	}
	if bytes.Contains(data, []byte("-----BEGIN NATS USER JWT-----")) {
		if _, err := nkeys.ParseDecoratedNKey(data); err != nil {
			return "", fmt.Errorf("%s: a user JWT without a valid nkey seed after it: %s", name, expected)
		}
		return credsJWT, nil
	}
	kp, err := nkeys.ParseDecoratedNKey(data)
	if err != nil {
		return "", fmt.Errorf("%s: no nkey seed in it: %s", name, expected)
	}
	defer kp.Wipe()
	pub, err := kp.PublicKey()
	if err != nil || !nkeys.IsValidPublicUserKey(pub) {
		return "", fmt.Errorf("%s: the seed is not a user's (its line must start \"SU\"): %s", name, expected)
	}
	return credsSeed, nil
}

// addressLimit bounds an address read by ReadAddress.
const addressLimit = 16 << 10

// ReadAddress reads an address as JSON ({"url": ..., "creds": ...,
// "ca": ...}) from r, to its end: how `arena tournament run` hands its
// local workers their address on their standard input, so that a URL's
// password or token is neither on their command line nor in their
// environment, which other programs of the same user can read. name is
// used in errors, which never quote what was read.
func ReadAddress(name string, r io.Reader) (Address, error) {
	data, err := io.ReadAll(io.LimitReader(r, addressLimit+1))
	defer clear(data)
	if err != nil {
		return Address{}, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > addressLimit {
		return Address{}, fmt.Errorf("%s: more than %d bytes: expected a NATS address as `arena tournament run` hands it over", name, addressLimit)
	}
	var a Address
	if err := json.Unmarshal(data, &a); err != nil {
		// The JSON error would quote the data, which holds a secret.
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			return Address{}, fmt.Errorf("%s: not JSON (at byte %d): expected a NATS address as `arena tournament run` hands it over", name, syn.Offset)
		}
		return Address{}, fmt.Errorf("%s: expected a NATS address as `arena tournament run` hands it over ({\"url\": ...})", name)
	}
	if a.URL == "" {
		return Address{}, fmt.Errorf("%s: the NATS address has no URL", name)
	}
	return a, nil
}
