package adamatest

import "github.com/adamasdk/adama-go/internal/fake"

// registerReporting plugs in group C (reporting v1).
func registerReporting(r fake.Registrar) {}
