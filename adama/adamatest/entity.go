package adamatest

import "github.com/adamasdk/adama-go/internal/fake"

// registerEntity plugs in group A (entity management).
func registerEntity(r fake.Registrar) {}
