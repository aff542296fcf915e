//go:build !js

package bus

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/jwt/v2"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"
	"github.com/stretchr/testify/require"
)

// seedFile writes a new user nkey's seed into dir and returns the file
// and the public key.
func seedFile(t *testing.T, dir, name string) (string, string) {
	t.Helper()
	kp, err := nkeys.CreateUser()
	require.NoError(t, err)
	seed, _ := kp.Seed()
	pub, _ := kp.PublicKey()
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, append(seed, '\n'), 0o600))
	return path, pub
}

// The embedded server of a process that lets others in (a tournament's)
// takes only the clients that hold the credentials it made for this run,
// which only the owner can read: a bot that finds its port and connects as
// any NATS client would, with no credentials, guessed ones or another
// run's, is refused.
func TestEmbeddedServerRequiresItsCredentials(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "nats")
	b, err := Open(Options{Dir: dir, Name: "runner"})
	require.NoError(t, err)
	require.Regexp(t, `^nats://127\.0\.0\.1:\d+$`, b.URL)
	require.Equal(t, filepath.Join(dir, ClientCreds), b.Creds)
	st, err := os.Stat(b.Creds)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), st.Mode().Perm(), "the credentials are the owner's alone")
	st, err = os.Stat(dir)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o700), st.Mode().Perm())

	refused := func(url string, opts ...nats.Option) {
		t.Helper()
		nc, err := nats.Connect(url, append(opts, nats.Timeout(2*time.Second), nats.NoReconnect())...)
		if err == nil {
			nc.Close()
		}
		require.ErrorIs(t, err, nats.ErrAuthorization, url)
	}
	host := strings.TrimPrefix(b.URL, "nats://")
	refused(b.URL)
	refused("nats://arena:arena@" + host)
	refused("nats://admin@" + host)
	stranger, _ := seedFile(t, t.TempDir(), "stranger.nk")
	opt, err := nats.NkeyOptionFromSeed(stranger)
	require.NoError(t, err)
	refused(b.URL, opt)

	// The holder of the credentials file gets in.
	worker, err := Open(Options{Address: b.Address, Name: "worker"})
	require.NoError(t, err)
	require.NoError(t, worker.Close())

	// The next run makes new credentials: the last run's seed is of no use.
	old, err := os.ReadFile(b.Creds)
	require.NoError(t, err)
	require.NoError(t, b.Close())
	require.NoFileExists(t, b.Creds, "the credentials go with the server")
	oldSeed := filepath.Join(t.TempDir(), "old.nk")
	require.NoError(t, os.WriteFile(oldSeed, old, 0o600))
	again, err := Open(Options{Dir: dir})
	require.NoError(t, err)
	defer again.Close()
	now, err := os.ReadFile(again.Creds)
	require.NoError(t, err)
	require.NotEqual(t, old, now)
	opt, err = nats.NkeyOptionFromSeed(oldSeed)
	require.NoError(t, err)
	refused(again.URL, opt)

	// A server that lets nobody in writes no credentials.
	closedDir := t.TempDir()
	closed, err := Open(Options{Dir: closedDir, Port: -1})
	require.NoError(t, err)
	defer closed.Close()
	require.Empty(t, closed.Address)
	require.NoFileExists(t, filepath.Join(closedDir, ClientCreds))
}

// startNATS starts a NATS server with JetStream on loopback for a test.
func startNATS(t *testing.T, o *server.Options) *server.Server {
	t.Helper()
	o.Host, o.Port, o.JetStream, o.StoreDir, o.NoLog, o.NoSigs = "127.0.0.1", server.RANDOM_PORT, true, t.TempDir(), true, true
	ns, err := server.NewServer(o)
	require.NoError(t, err)
	ns.Start()
	require.True(t, ns.ReadyForConnections(10*time.Second))
	t.Cleanup(ns.Shutdown)
	return ns
}

// An existing NATS is reached with the credentials NATS clients take: in
// the URL (user and password, or a token) or in a file (an nkey seed, or
// a .creds file); wrong ones are an error that names no secret.
func TestAddressCredentials(t *testing.T) {
	dir := t.TempDir()
	seed, pub := seedFile(t, dir, "worker.nk")
	ns := startNATS(t, &server.Options{
		Users: []*server.User{{Username: "arena", Password: "s3cret-pw"}},
		Nkeys: []*server.NkeyUser{{Nkey: pub}},
	})
	host := strings.TrimPrefix(ns.ClientURL(), "nats://")
	for _, a := range []Address{{URL: "nats://arena:s3cret-pw@" + host}, {URL: ns.ClientURL(), Creds: seed}} {
		b, err := Open(Options{Address: a})
		require.NoError(t, err, a.String())
		require.NoError(t, b.Close())
	}
	_, err := Open(Options{Address: Address{URL: "nats://arena:wrong-pw@" + host}})
	require.ErrorContains(t, err, "refused the credentials")
	require.ErrorContains(t, err, "nats://arena:xxxxx@"+host)
	require.NotContains(t, err.Error(), "wrong-pw")
	_, err = Open(Options{Address: Address{URL: ns.ClientURL()}})
	require.ErrorIs(t, err, nats.ErrAuthorization)
	other, _ := seedFile(t, dir, "other.nk")
	_, err = Open(Options{Address: Address{URL: ns.ClientURL(), Creds: other}})
	require.ErrorContains(t, err, "refused the credentials")
	_, err = Open(Options{Address: Address{URL: "nats://arena:s3cret-pw@" + host, Creds: seed}})
	require.ErrorContains(t, err, "credentials both in the URL and in")
	require.NotContains(t, err.Error(), "s3cret-pw")
	_, err = Open(Options{Address: Address{URL: ns.ClientURL(), Creds: filepath.Join(dir, "none.nk")}})
	require.ErrorContains(t, err, "the NATS credentials file")
	junk := filepath.Join(dir, "junk.nk")
	require.NoError(t, os.WriteFile(junk, []byte("SAXXXX not a seed at all\n"), 0o600))
	_, err = Open(Options{Address: Address{URL: ns.ClientURL(), Creds: junk}})
	require.ErrorContains(t, err, "junk.nk: no nkey seed in it")
	require.NotContains(t, err.Error(), "SAXXXX")
	_, err = Open(Options{Dir: t.TempDir(), Address: Address{Creds: seed}})
	require.ErrorContains(t, err, "the embedded server makes its own credentials")

	tok := startNATS(t, &server.Options{Authorization: "t0ken-abc"})
	host = strings.TrimPrefix(tok.ClientURL(), "nats://")
	b, err := Open(Options{Address: Address{URL: "nats://t0ken-abc@" + host}})
	require.NoError(t, err)
	require.NoError(t, b.Close())
	_, err = Open(Options{Address: Address{URL: "nats://guess@" + host}})
	require.ErrorContains(t, err, "nats://xxxxx@"+host)
	require.NotContains(t, err.Error(), "guess")
}

// A .creds file (a user JWT and its seed, as nsc writes one) and an nkey
// seed file are told apart; anything else is an error that quotes none of
// the file.
func TestCredsKind(t *testing.T) {
	acct, err := nkeys.CreateAccount()
	require.NoError(t, err)
	user, err := nkeys.CreateUser()
	require.NoError(t, err)
	upub, _ := user.PublicKey()
	claims := jwt.NewUserClaims(upub)
	token, err := claims.Encode(acct)
	require.NoError(t, err)
	useed, _ := user.Seed()
	creds, err := jwt.FormatUserConfig(token, useed)
	require.NoError(t, err)
	kind, err := credsKind("a.creds", creds)
	require.NoError(t, err)
	require.Equal(t, credsJWT, kind)
	kind, err = credsKind("a.nk", append(useed, '\n'))
	require.NoError(t, err)
	require.Equal(t, credsSeed, kind)
	aseed, _ := acct.Seed()
	_, err = credsKind("acct.nk", aseed)
	require.ErrorContains(t, err, "acct.nk: the seed is not a user's")
	require.NotContains(t, err.Error(), string(aseed))
	_, err = credsKind("jwt.creds", []byte("-----BEGIN NATS USER JWT-----\n"+token+"\n------END NATS USER JWT------\n"))
	require.ErrorContains(t, err, "a user JWT without a valid nkey seed")
	_, err = credsKind("big", make([]byte, credsLimit+1))
	require.ErrorContains(t, err, "more than 64 KiB")
}

// writeCA makes a certificate authority and a certificate it signs for
// 127.0.0.1, and writes the CA's certificate (PEM) to dir.
func writeCA(t *testing.T, dir string) (string, tls.Certificate) {
	t.Helper()
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	ca := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "arena test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), IsCA: true,
		KeyUsage: x509.KeyUsageCertSign, BasicConstraintsValid: true}
	caDER, err := x509.CreateCertificate(rand.Reader, ca, ca, &caKey.PublicKey, caKey)
	require.NoError(t, err)
	caCert, err := x509.ParseCertificate(caDER)
	require.NoError(t, err)
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	leaf := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), IPAddresses: []net.IP{net.ParseIP("127.0.0.1")},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, leaf, caCert, &key.PublicKey, caKey)
	require.NoError(t, err)
	path := filepath.Join(dir, "ca.pem")
	require.NoError(t, os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}), 0o644))
	return path, tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
}

// A NATS that requires TLS is reached with its CA's certificate; without
// it the server's certificate is not trusted.
func TestAddressTLS(t *testing.T) {
	dir := t.TempDir()
	ca, cert := writeCA(t, dir)
	ns := startNATS(t, &server.Options{TLS: true, TLSVerify: false, TLSTimeout: 2,
		TLSConfig: &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}})
	b, err := Open(Options{Address: Address{URL: ns.ClientURL(), CA: ca}})
	require.NoError(t, err)
	require.NoError(t, b.Close())
	_, err = Open(Options{Address: Address{URL: ns.ClientURL()}})
	require.Error(t, err, "no CA: the server's certificate is unknown")
	_, err = Open(Options{Address: Address{URL: ns.ClientURL(), CA: filepath.Join(dir, "none.pem")}})
	require.ErrorContains(t, err, "the NATS server's CA file")
}

func TestRedact(t *testing.T) {
	for in, want := range map[string]string{
		"nats://127.0.0.1:4222":                        "nats://127.0.0.1:4222",
		"nats://arena:pw@host:4222":                    "nats://arena:xxxxx@host:4222",
		"nats://tok@host:4222":                         "nats://xxxxx@host:4222",
		"tls://a:p@ss@h:1,nats://b:q@h2:2,nats://h3:3": "tls://a:xxxxx@h:1,nats://b:xxxxx@h2:2,nats://h3:3",
		"u:p@host:4222":                                "u:xxxxx@host:4222",
		"nats://tok:@host":                             "nats://tok:xxxxx@host",
		"nats://:pw@host":                              "nats://:xxxxx@host",
		"":                                             "",
	} {
		require.Equal(t, want, Redact(in), in)
	}
	require.Equal(t, "nats://arena:xxxxx@h:1 (credentials /c.nk) (CA /ca.pem)", Address{URL: "nats://arena:pw@h:1", Creds: "/c.nk", CA: "/ca.pem"}.String())
}

// Redact leaves no credentials: whatever stood between a URL's scheme and
// its last "@" is gone.
func FuzzRedact(f *testing.F) {
	f.Add("nats://arena:pw@host:4222")
	f.Add("tls://a:p@ss@h:1,nats://tok@h2:2")
	f.Add("u:p@h")
	f.Fuzz(func(t *testing.T, urls string) {
		parts := strings.Split(Redact(urls), ",")
		in := strings.Split(urls, ",")
		require.Len(t, parts, len(in))
		for i, p := range parts {
			at := strings.LastIndex(in[i], "@")
			if at < 0 {
				require.Equal(t, in[i], p)
				continue
			}
			start := 0
			if s := strings.Index(in[i], "://"); s >= 0 && s < at {
				start = s + 3
			}
			info := p[start:strings.LastIndex(p, "@")]
			require.True(t, info == "xxxxx" || strings.HasSuffix(info, ":xxxxx"), "%q -> %q", in[i], p)
			if user, _, ok := strings.Cut(info, ":"); ok {
				require.NotContains(t, user, ":")
			}
		}
	})
}

// A credentials file's content is told apart or refused; no error quotes
// it.
func FuzzCredsKind(f *testing.F) {
	kp, _ := nkeys.CreateUser()
	seed, _ := kp.Seed()
	f.Add(seed)
	f.Add([]byte("-----BEGIN NATS USER JWT-----\neyJ0\n------END NATS USER JWT------\n"))
	f.Add([]byte("SU"))
	f.Fuzz(func(t *testing.T, data []byte) {
		kind, err := credsKind("f", data)
		if err != nil {
			require.Empty(t, kind)
			// Each error is one of a few fixed texts: none carries data.
			msg := err.Error()
			require.True(t, strings.HasSuffix(msg, ": expected NATS credentials: a .creds file (a user JWT and its nkey seed) or an nkey seed file (a line starting \"SU\")"), msg)
			require.Contains(t, []string{"f: more than 64 KiB", "f: a user JWT without a valid nkey seed after it", "f: no nkey seed in it",
				"f: the seed is not a user's (its line must start \"SU\")"}, msg[:strings.Index(msg, ": expected NATS")])
			return
		}
		require.Contains(t, []string{credsJWT, credsSeed}, kind)
	})
}

func TestReadAddress(t *testing.T) {
	a, err := ReadAddress("stdin", strings.NewReader(`{"url":"nats://u:p@h:1","creds":"/c.nk","ca":"/ca.pem"}`))
	require.NoError(t, err)
	require.Equal(t, Address{URL: "nats://u:p@h:1", Creds: "/c.nk", CA: "/ca.pem"}, a)
	for in, want := range map[string]string{
		``:                                  "stdin: not JSON (at byte 0)",
		`{"url":"nats://u:secret@h"`:        "stdin: not JSON",
		`{"creds":"/c"}`:                    "the NATS address has no URL",
		`{"url":7}`:                         `expected a NATS address`,
		strings.Repeat(" ", addressLimit+1): "more than 16384 bytes",
	} {
		_, err := ReadAddress("stdin", strings.NewReader(in))
		require.ErrorContains(t, err, want, in)
		require.NotContains(t, err.Error(), "secret")
	}
}

// An address read from a pipe is an address or an error that quotes
// nothing of what was read.
func FuzzReadAddress(f *testing.F) {
	f.Add([]byte(`{"url":"nats://u:p@h:1","creds":"/c.nk"}`))
	f.Add([]byte(`{"url":""}`))
	f.Add([]byte(`[`))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := ReadAddress("stdin", strings.NewReader(string(data)))
		if err != nil {
			// Each error is one of a few fixed texts (with a byte offset at
			// most): none carries data.
			msg := strings.Map(func(r rune) rune {
				if r >= '0' && r <= '9' {
					return -1
				}
				return r
			}, err.Error())
			require.Contains(t, []string{
				"stdin: not JSON (at byte ): expected a NATS address as `arena tournament run` hands it over",
				"stdin: expected a NATS address as `arena tournament run` hands it over ({\"url\": ...})",
				"stdin: the NATS address has no URL",
			}, msg)
			return
		}
		require.NotEmpty(t, a.URL)
	})
}
