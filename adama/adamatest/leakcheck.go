package adamatest

import (
	"bytes"
	"log/slog"
	"strings"
	"sync"
	"testing"
)

// logSink holds the debug logs of clients wired by ClientOptions when
// WithT asked for a leak check. It keeps the first 8 MiB.
type logSink struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logSink) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.buf.Len() < 8<<20 {
		l.buf.Write(p)
	}
	return len(p), nil
}

func (l *logSink) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// WithT ties the server to a test: clients from ClientOptions log at debug
// level into the server, and when the test ends the server is closed and
// the test fails if any token, refresh token, session cookie or client
// secret the server handed out or accepted appears in those logs.
func WithT(t testing.TB) Option {
	return func(s *Server) {
		s.sink = &logSink{}
		t.Cleanup(func() {
			if leaked := s.LeakedSecrets(); len(leaked) > 0 {
				t.Errorf("adamatest: %d credentials appear in the client's debug logs", len(leaked))
			}
			s.Close()
		})
	}
}

func (s *Server) debugLogger() *slog.Logger {
	return slog.New(slog.NewTextHandler(s.sink, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// ClientLogs returns the debug logs written by clients wired through
// ClientOptions (only with WithT).
func (s *Server) ClientLogs() string {
	if s.sink == nil {
		return ""
	}
	return s.sink.String()
}

// LeakedSecrets returns the credentials the server issued or accepted that
// appear in ClientLogs (only with WithT); it never returns the values
// themselves, only placeholders naming their kind.
func (s *Server) LeakedSecrets() []string {
	logs := s.ClientLogs()
	if logs == "" {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	check := func(kind, v string) {
		if v != "" && strings.Contains(logs, v) {
			out = append(out, kind)
		}
	}
	check("client secret", s.clientSecret)
	for _, v := range s.issued {
		check("token or cookie", v)
	}
	return out
}
