#ifndef GG_DIAGNOSE_JSON_H
#define GG_DIAGNOSE_JSON_H

#include <cjson/cJSON.h>

#include "diagnose.h"

/*
 * The JSON form of diagnoses (SPEC §6), shared by `gradguard diagnose
 * --output-format json` and the server's gradguard.diagnoseTraceback:
 * {"diagnoses":[{kind, device, rank, first, exception:{type,message,line},
 * frames:[{filename,line,function,user,...}], culprit, phase,
 * grad_disabled_on_path, explanation, fix, ...}], "lines": N}.
 * Returns a new object (caller owns) or NULL on OOM.
 */
cJSON *gg_diagnoses_to_json(const gg_diagnoses *d);
cJSON *gg_diagnosis_to_json(const gg_diagnosis *d);

#endif
