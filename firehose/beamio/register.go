package beamio

import (
	"context"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

// init registers what a worker looks up by name (see the package doc).
func init() {
	beam.RegisterCoder(reflect.TypeOf(Opportunity{}), encodeOpportunity, decodeOpportunity)
	beam.RegisterType(reflect.TypeOf(Malformed{}))
	beam.RegisterType(reflect.TypeOf(HourCount{}))
	beam.RegisterType(reflect.TypeOf(countKey{}))
	register.DoFn4x1[context.Context, fileio.ReadableFile, func(beam.EventTime, Opportunity), func(beam.EventTime, Malformed), error](&readFn{})
	register.Emitter2[beam.EventTime, Opportunity]()
	register.Emitter2[beam.EventTime, Malformed]()
	register.DoFn2x0[Opportunity, func(Opportunity)](&filterFn{})
	register.Emitter1[Opportunity]()
	register.DoFn1x1[Opportunity, countKey](&keyFn{})
	register.Function3x1(hourCountFn)
}
