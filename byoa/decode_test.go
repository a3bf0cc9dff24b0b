package byoa

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/wire"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	return b
}

// decodeAs decodes a body as the call layer does for a 2xx answer.
func decodeAs(t testing.TB, body []byte, dst any) error {
	t.Helper()
	_, err := call.DataMeta.Decode(bytes.NewReader(body), "application/json", dst)
	return err
}

func TestDecodeReferenceSettings(t *testing.T) {
	tests := []struct {
		file       string
		n          int
		campaignID int64
		strategyID int64
		executorID int64
		modelID    string
		namespace  string
		low, high  int
		uuid       UUIDType
	}{
		{"campaign_settings_get.json", 2, 100001, 0, 2, "tree_brain", "mm", 0, 49, UUIDTypeUUID},
		{"campaign_settings_put.json", 1, 315901, 0, 2, "model_name", "101463", 0, 99, UUIDTypeCID},
		{"campaign_settings_delete.json", 1, 10000, 0, 2, "model_name", "mm", 0, 99, UUIDTypeCID},
		{"strategy_settings_get.json", 1, 675865, 0, 2, "aggregate_2", "100667", 0, 99, UUIDTypeCID},
		{"strategy_settings_put.json", 1, 10000, 1000, 1, "model_name", "mm", 0, 99, UUIDTypeCID},
		{"strategy_settings_delete.json", 1, 10000, 1000, 2, "model_name", "mm", 0, 99, UUIDTypeCID},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			var got settingList
			require.NoError(t, decodeAs(t, readTestdata(t, tt.file), &got))
			require.Len(t, got, tt.n)
			s := got[0]
			assert.Equal(t, tt.campaignID, s.CampaignID)
			assert.Equal(t, tt.strategyID, s.StrategyID)
			assert.Equal(t, tt.executorID, s.ExecutorID)
			assert.Equal(t, tt.modelID, s.ModelID)
			assert.Equal(t, tt.namespace, s.Namespace)
			assert.Equal(t, tt.low, s.Low)
			assert.Equal(t, tt.high, s.High)
			assert.Equal(t, tt.uuid, s.UUIDType)
			require.NotNil(t, s.CreatedOn)
			assert.False(t, s.CreatedOn.IsZero())
			assert.Empty(t, s.Extra)
		})
	}
}

func TestDecodeReferenceModels(t *testing.T) {
	var m Model
	require.NoError(t, decodeAs(t, readTestdata(t, "model_get.json"), &m))
	assert.Equal(t, "aggregate_2", m.ModelID)
	assert.Equal(t, "100667", m.Namespace)
	assert.Equal(t, "DAAA...", m.Data)
	assert.Equal(t, BrainTypeID(3), m.BrainTypeID)
	assert.Equal(t, 2019, m.UpdatedOn.Year())

	var list modelList
	require.NoError(t, decodeAs(t, readTestdata(t, "namespace_get.json"), &list))
	require.Len(t, list, 1)
	assert.Equal(t, m.ModelID, list[0].ModelID)

	for _, f := range []string{"model_put.json", "model_delete.json"} {
		var info ModelInfo
		require.NoError(t, decodeAs(t, readTestdata(t, f), &info), f)
		assert.Positive(t, info.DataSize, f)
		assert.NotNil(t, info.CreatedOn, f)
	}

	var d DecodedModel
	require.NoError(t, decodeAs(t, readTestdata(t, "model_decode.json"), &d))
	require.Len(t, d.Data, 2)
	assert.Equal(t, GoalTypeCTR, d.Data[0].GoalType)
	assert.Equal(t, GoalTypeCPA, d.Data[1].GoalType)
	assert.Equal(t, []float64{-0.6969433426856995, 0.001734119956381619, 0.9618840217590332}, d.Data[0].Beta)
	assert.Equal(t, "null", string(d.Data[0].Boundaries))
	assert.Nil(t, d.Data[0].Predictions)
	require.Len(t, d.Data[0].Features, 1)
	assert.Equal(t, 0.035219017416238785, d.Data[0].Features[0][ConstFeature])
	assert.Equal(t, -0.008225390687584877, d.Data[0].Features[0]["week_part^1"])
	assert.Len(t, d.Data[0].Features[0], 7)
}

func TestDecodeReferenceRouter(t *testing.T) {
	for _, f := range []string{"router_configuration.json", "router_executor.json", "router_executor_patch.json"} {
		t.Run(f, func(t *testing.T) {
			var c Configuration
			require.NoError(t, decodeAs(t, readTestdata(t, f), &c))
			x, ok := c.Executors["ACME Org Production Executor"]
			require.True(t, ok)
			assert.Equal(t, int64(4), x.ExecutorID)
			require.Len(t, x.Endpoints, 3)
			win := x.Endpoints[2]
			assert.Equal(t, BrainTypeID(2003), win.BrainTypeID)
			assert.Equal(t, EndpointTypeWin, win.EndpointType)
			assert.Equal(t, []PopID{PopIDORD}, win.PopIDs)
			assert.Equal(t, "eb5105f8-4551-462b-a122-fbb5581ef4b9", win.EndpointID)
			assert.True(t, win.UpstreamEnabled)

			var ex Executors
			require.NoError(t, decodeAs(t, readTestdata(t, f), &ex))
			assert.Equal(t, []string{"ACME Org Production Executor"}, ex.Names())
		})
	}
}

func TestDecodeConfigurationSchemaForm(t *testing.T) {
	body := `{"data":{"emails":"ops@example.com","executors":{"prod":{"executor_id":4,"endpoints":[]},"sandbox":{"executor_id":5}}},"meta":{"status":"success"}}`
	var c Configuration
	require.NoError(t, decodeAs(t, []byte(body), &c))
	assert.Equal(t, "ops@example.com", c.Emails)
	assert.Equal(t, []string{"prod", "sandbox"}, c.Executors.Names())
	assert.Empty(t, c.Extra)

	// An executor may itself be named "executors" in the example's form.
	body = `{"data":{"executors":{"executor_id":9,"endpoints":[]},"region":"us"}}`
	require.NoError(t, decodeAs(t, []byte(body), &c))
	assert.Equal(t, int64(9), c.Executors["executors"].ExecutorID)
	assert.JSONEq(t, `"us"`, string(c.Extra["region"]))
}

func TestDecodePlatformVariants(t *testing.T) {
	body := `{"data":[{"campaign_id":"675865","executor_id":"2","low":"0","high":"99","model_id":"m","namespace":100667,
		"uuid_type":"COOKIE","priority":3,"created_on":"2019-08-28T02:24:36.49769Z"}],"meta":{"status":"success"}}`
	var got settingList
	require.NoError(t, decodeAs(t, []byte(body), &got))
	require.Len(t, got, 1)
	s := got[0]
	assert.Equal(t, int64(675865), s.CampaignID, "numbers as strings")
	assert.Equal(t, 99, s.High)
	assert.Equal(t, UUIDType("COOKIE"), s.UUIDType, "an unknown enum value is kept")
	assert.False(t, s.UUIDType.Valid())
	assert.JSONEq(t, `3`, string(s.Extra["priority"]), "an unknown field is kept")

	// A numeric namespace where the reference sends a string is a string.
	b, err := s.MarshalJSON()
	require.NoError(t, err)
	var back map[string]any
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, float64(3), back["priority"], "round trip keeps unknown fields")
	assert.Equal(t, float64(99), back["high"], "written strictly as numbers")

	// A single setting object where a list is documented.
	require.NoError(t, decodeAs(t, []byte(`{"data":{"campaign_id":1,"low":0,"high":9}}`), &got))
	assert.Len(t, got, 1)

	var m Model
	require.NoError(t, decodeAs(t, []byte(`{"data":{"Namespace":100667,"brain_type_id":"1003","Data":"x","extra":{"a":1}}}`), &m))
	assert.Equal(t, "100667", m.Namespace)
	assert.Equal(t, BrainTypeID(1003), m.BrainTypeID)
	mb, err := json.Marshal(m)
	require.NoError(t, err)
	assert.Contains(t, string(mb), `"extra":{"a":1}`)

	var d DecodedModel
	require.NoError(t, decodeAs(t, []byte(`{"data":{"Data":[{"GoalType":"VIEWABILITY_RATE","Features":[{"__const":"0.5"}],"Boundaries":[1,2],"Extra1":true}]}}`), &d))
	assert.Equal(t, GoalTypeViewabilityRate, d.Data[0].GoalType)
	assert.Equal(t, 0.5, d.Data[0].Features[0][ConstFeature])
	assert.JSONEq(t, `[1,2]`, string(d.Data[0].Boundaries))
	assert.JSONEq(t, `true`, string(d.Data[0].Extra["Extra1"]))
	require.NoError(t, decodeAs(t, []byte(`{"data":{"Data":[{"GoalType":"Brand_Lift"}]}}`), &d))
	assert.Equal(t, GoalType("Brand_Lift"), d.Data[0].GoalType, "an unknown goal is kept as sent")
}

func TestDecodeReferenceErrors(t *testing.T) {
	tests := []struct {
		file    string
		code    string
		message string
	}{
		{"model_get_400.json", "Not_Found_ModelData", "ModelData with namespace(mm), model_id(fake_model) not found."},
		{"campaign_settings_get_400.json", "Not_Found_CampaignSetting", "CampaignSetting with campaign_id(1), strategy_id(0) not found."},
		{"strategy_settings_put_400.json", "Not_Found_Executor", "Executor with ID 1 not found."},
		{"campaign_settings_put_400.json", "JSON_Decode_Error", ""},
		{"namespace_get_400.json", "Invalid_model_id", "No valid model_id provided in query"},
		{"router_configuration_401.json", "No Adama write permission for namespace", "Error in authentication"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			status, sentinel := http.StatusBadRequest, adama.ErrBadRequest
			switch {
			case tt.code == "No Adama write permission for namespace":
				status, sentinel = http.StatusUnauthorized, adama.ErrUnauthorized
			case strings.HasPrefix(tt.code, "Not_Found_"):
				sentinel = adama.ErrNotFound // whatever the status
			}
			e := wire.ErrorFromBody(status, http.Header{"Content-Type": {"application/json"}}, "GET", "/x", readTestdata(t, tt.file))
			assert.Equal(t, tt.code, e.Code)
			if tt.message != "" {
				assert.Equal(t, tt.message, e.Message)
			}
			assert.ErrorIs(t, e, sentinel)
		})
	}
}

func TestDecodeReferenceComponents(t *testing.T) {
	var ep Endpoint
	require.NoError(t, decodeAs(t, readTestdata(t, "component_endpoint.json"), &ep))
	assert.Equal(t, "23ba4a90-d331-4ab2-bb00-2f27f174d36c", ep.EndpointID)
	assert.Equal(t, EnvironmentSandbox, ep.Environment)
	assert.Equal(t, []PopID{PopIDEWR, PopIDORD}, ep.PopIDs)
	assert.False(t, ep.UpstreamEnabled)
	require.NotNil(t, ep.CreatedOn)

	var created ExecutorInfo
	require.NoError(t, decodeAs(t, readTestdata(t, "component_executor_create.json"), &created))
	assert.Equal(t, int64(9), created.ExecutorID)
	assert.Equal(t, "ACME Org Production Executor", created.ExecutorName)

	var withIDs ExecutorInfo
	require.NoError(t, decodeAs(t, readTestdata(t, "component_executor.json"), &withIDs))
	assert.Equal(t, []string{"1629547c-50e7-485a-ae1b-b30617711763"}, withIDs.EndpointIDs)
	assert.Empty(t, withIDs.Extra)
}

// GET /data/{namespace} is read in both forms: the reference's one model
// object and a list of models (the form the fake answered before).
func TestDecodeNamespaceBothForms(t *testing.T) {
	tests := []struct {
		file   string
		ids    []string
		brains []BrainTypeID
	}{
		{"namespace_get.json", []string{"aggregate_2"}, []BrainTypeID{3}},
		{"namespace_get_list.json", []string{"aggregate_2", "second"}, []BrainTypeID{3, 1000}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			var list modelList
			require.NoError(t, decodeAs(t, readTestdata(t, tt.file), &list))
			require.Len(t, list, len(tt.ids))
			for i, m := range list {
				assert.Equal(t, tt.ids[i], m.ModelID)
				assert.Equal(t, tt.brains[i], m.BrainTypeID)
				assert.Equal(t, "100667", m.Namespace)
				require.NotNil(t, m.UpdatedOn)
				assert.False(t, m.UpdatedOn.IsZero())
			}
		})
	}
}
