package creativesfake

import "net/http"

// handler serves the operations of the group's description
// (routes_gen.go) over the store's handlers, which read a path's ids as
// {id} (the creative, asset or component), {cid} (a companion or
// classification) and {vid} (a variant): withPath gives them the
// described path values under those names. The v2.0 video creatives share
// v3.0's handlers where the answers agree.
type handler struct{ s *Store }

// withPath sets, for each pair (name, described), r's path value name to
// its value of described.
func withPath(r *http.Request, pairs ...string) *http.Request {
	for i := 0; i+1 < len(pairs); i += 2 {
		r.SetPathValue(pairs[i], r.PathValue(pairs[i+1]))
	}
	return r
}

// ---- video creatives v3.0 ----

func (h *handler) bulkCreateCreatives(w http.ResponseWriter, r *http.Request) {
	h.s.handleBulkCreate(w, r)
}

func (h *handler) bulkUpdateCreatives(w http.ResponseWriter, r *http.Request) {
	h.s.handleBulkUpdate(w, r)
}

func (h *handler) createCreative(w http.ResponseWriter, r *http.Request) {
	h.s.handleCreate(w, r)
}

func (h *handler) listCreativesByIDs(w http.ResponseWriter, r *http.Request) {
	h.s.handleList(w, r)
}

func (h *handler) validateVAST(w http.ResponseWriter, r *http.Request) {
	h.s.handleValidateVAST(w, r)
}

func (h *handler) getCreative(w http.ResponseWriter, r *http.Request) {
	h.s.handleGet(w, withPath(r, "id", "creativeId"))
}

func (h *handler) replaceCreative(w http.ResponseWriter, r *http.Request) {
	h.s.handleReplace(w, withPath(r, "id", "creativeId"))
}

func (h *handler) updateCreative(w http.ResponseWriter, r *http.Request) {
	h.s.handlePatch(w, withPath(r, "id", "creativeId"))
}

func (h *handler) listCreativeHistory(w http.ResponseWriter, r *http.Request) {
	h.s.handleHistory(w, withPath(r, "id", "creativeId"))
}

func (h *handler) deleteCreativeHistory(w http.ResponseWriter, r *http.Request) {
	h.s.handleDeleteHistory(w, withPath(r, "id", "creativeId"))
}

func (h *handler) createCompanion(w http.ResponseWriter, r *http.Request) {
	h.s.handleCompanionCreate(w, withPath(r, "id", "creativeId"))
}

func (h *handler) listCompanions(w http.ResponseWriter, r *http.Request) {
	h.s.handleCompanionList(w, withPath(r, "id", "creativeId"))
}

func (h *handler) getCompanion(w http.ResponseWriter, r *http.Request) {
	h.s.handleCompanionGet(w, withPath(r, "id", "creativeId", "cid", "companionId"))
}

func (h *handler) saveCompanion(w http.ResponseWriter, r *http.Request) {
	h.s.handleCompanionUpdate(w, withPath(r, "id", "creativeId", "cid", "companionId"))
}

func (h *handler) deleteCompanion(w http.ResponseWriter, r *http.Request) {
	h.s.handleCompanionDelete(w, withPath(r, "id", "creativeId", "cid", "companionId"))
}

// ---- classification ----

// The reads, which classGet dispatches to (their paths overlap in a
// ServeMux).

func (h *handler) getClassification(w http.ResponseWriter, r *http.Request) {
	h.s.classOne(w, false, false, r.PathValue("cid"))
}

func (h *handler) getInflatedClassification(w http.ResponseWriter, r *http.Request) {
	h.s.classOne(w, false, true, r.PathValue("cid"))
}

func (h *handler) getClassifications(w http.ResponseWriter, r *http.Request) {
	h.s.classBulk(w, false, false, r.PathValue("cids"))
}

func (h *handler) getInflatedClassifications(w http.ResponseWriter, r *http.Request) {
	h.s.classBulk(w, false, true, r.PathValue("cids"))
}

func (h *handler) getClassificationV1(w http.ResponseWriter, r *http.Request) {
	h.s.classOne(w, true, false, r.PathValue("creative_id"))
}

func (h *handler) getInflatedClassificationV1(w http.ResponseWriter, r *http.Request) {
	h.s.classOne(w, true, true, r.PathValue("creative_id"))
}

func (h *handler) getClassificationsV1(w http.ResponseWriter, r *http.Request) {
	h.s.classBulk(w, true, false, r.PathValue("creative_ids"))
}

func (h *handler) getInflatedClassificationsV1(w http.ResponseWriter, r *http.Request) {
	h.s.classBulk(w, true, true, r.PathValue("creative_ids"))
}

func (h *handler) saveClassification(w http.ResponseWriter, r *http.Request) {
	h.s.classSave(false)(w, r)
}

func (h *handler) forcePublishClassification(w http.ResponseWriter, r *http.Request) {
	h.s.classForcePublish(w, r)
}

func (h *handler) saveClassifications(w http.ResponseWriter, r *http.Request) {
	h.s.classBulkSave(false)(w, r)
}

func (h *handler) saveClassificationV1(w http.ResponseWriter, r *http.Request) {
	h.s.classSave(true)(w, withPath(r, "cid", "creative_id"))
}

func (h *handler) saveClassificationsV1(w http.ResponseWriter, r *http.Request) {
	h.s.classBulkSave(true)(w, r)
}

// ---- static data ----

func (h *handler) listStaticData(w http.ResponseWriter, r *http.Request) {
	h.s.staticList(false)(w, r)
}

func (h *handler) getStaticData(w http.ResponseWriter, r *http.Request) {
	h.s.staticGet(false)(w, r)
}

func (h *handler) listStaticDataV1(w http.ResponseWriter, r *http.Request) {
	h.s.staticList(true)(w, r)
}

func (h *handler) getStaticDataV1(w http.ResponseWriter, r *http.Request) {
	h.s.staticGet(true)(w, r)
}

// ---- video creatives v2.0 ----

func (h *handler) createCreativeV2(w http.ResponseWriter, r *http.Request) {
	h.s.handleCreate(w, r)
}

func (h *handler) validateVASTV2(w http.ResponseWriter, r *http.Request) {
	h.s.handleValidateVAST(w, r)
}

func (h *handler) getCreativeV2(w http.ResponseWriter, r *http.Request) {
	h.s.handleGetV2(w, withPath(r, "id", "video_id"))
}

func (h *handler) replaceCreativeV2(w http.ResponseWriter, r *http.Request) {
	h.s.handleReplace(w, withPath(r, "id", "video_id"))
}

func (h *handler) listCompanionsV2(w http.ResponseWriter, r *http.Request) {
	h.s.handleCompanionList(w, withPath(r, "id", "video_id"))
}

func (h *handler) createCompanionV2(w http.ResponseWriter, r *http.Request) {
	h.s.handleCompanionCreate(w, withPath(r, "id", "video_id"))
}

func (h *handler) deleteCompanionV2(w http.ResponseWriter, r *http.Request) {
	h.s.handleCompanionDelete(w, withPath(r, "id", "video_id", "cid", "companion_id"))
}

func (h *handler) uploadV2(w http.ResponseWriter, r *http.Request) {
	h.s.handleUploadV2(w, withPath(r, "id", "video_id"))
}

func (h *handler) listVariantsV2(w http.ResponseWriter, r *http.Request) {
	h.s.handleVariants(w, withPath(r, "id", "video_id"))
}

func (h *handler) getVariantV2(w http.ResponseWriter, r *http.Request) {
	h.s.handleVariant(w, withPath(r, "id", "video_id", "vid", "variant_id"))
}

func (h *handler) getStatusV2(w http.ResponseWriter, r *http.Request) {
	h.s.handleStatus(w, withPath(r, "id", "video_id"))
}

func (h *handler) getVASTV2(w http.ResponseWriter, r *http.Request) {
	h.s.handleVAST(w, withPath(r, "id", "video_id"))
}

func (h *handler) addVASTExtensionV2(w http.ResponseWriter, r *http.Request) {
	h.s.handleVASTExtension(w, withPath(r, "id", "video_id"))
}

// ---- component creatives v1.0 ----

func (h *handler) getComponentVersion(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"version": "cfb1074-20190419202430"})
}

func (h *handler) listComponentCreatives(w http.ResponseWriter, r *http.Request) {
	h.s.ccList(w, r)
}

func (h *handler) createComponentCreative(w http.ResponseWriter, r *http.Request) {
	h.s.ccCreate(w, r)
}

func (h *handler) getComponentCreative(w http.ResponseWriter, r *http.Request) {
	h.s.ccGet(w, withPath(r, "id", "atomic_creative_id"))
}

func (h *handler) updateComponentCreative(w http.ResponseWriter, r *http.Request) {
	h.s.ccUpdate(w, withPath(r, "id", "atomic_creative_id"))
}

func (h *handler) getEligibility(w http.ResponseWriter, r *http.Request) {
	h.s.ccEligibility(w, withPath(r, "id", "atomic_creative_id"))
}

func (h *handler) listApprovals(w http.ResponseWriter, r *http.Request) {
	h.s.ccApprovals(w, r)
}

func (h *handler) postApprovalAsset(w http.ResponseWriter, r *http.Request) {
	h.s.ccPostApproval(w, r)
}

func (h *handler) createAsset(w http.ResponseWriter, r *http.Request) {
	h.s.assetCreate(w, r)
}

func (h *handler) getAsset(w http.ResponseWriter, r *http.Request) {
	h.s.assetGet(w, withPath(r, "id", "asset_id"))
}

func (h *handler) updateAsset(w http.ResponseWriter, r *http.Request) {
	h.s.assetUpdate(w, withPath(r, "id", "asset_id"))
}

func (h *handler) listComponents(w http.ResponseWriter, r *http.Request) {
	h.s.compList(w, r)
}

func (h *handler) createComponent(w http.ResponseWriter, r *http.Request) {
	h.s.compCreate(w, r)
}

func (h *handler) getComponent(w http.ResponseWriter, r *http.Request) {
	h.s.compGet(w, withPath(r, "id", "component_id"))
}

func (h *handler) updateComponent(w http.ResponseWriter, r *http.Request) {
	h.s.compUpdate(w, withPath(r, "id", "component_id"))
}

func (h *handler) getUploadURL(w http.ResponseWriter, r *http.Request) {
	h.s.ccUpload(w, r)
}
