package adamatest

import "github.com/adamasdk/adama-go/internal/fake"

// builtinGroups are the group fakes every Server serves. Each group adds
// its registration function here and keeps its handlers in its own package
// under internal/fake.
var builtinGroups = []func(fake.Registrar){
	registerEntity,
	registerReporting,
	registerTargeting,
	registerBYOA,
	registerCreatives,
	registerDeals,
	registerDMP,
	registerFirehose,
}
