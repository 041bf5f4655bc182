/* et_plan.c packed only with the outputs in place, no input read in
 * place: KWS's and ResNet-8's runners (plan_variants.h). */
#define ET_PLAN_IN_PLACE_ONLY
#define ET_NO_PLAN_BORROW
#define et_plan_method et_plan_method_in_place_only
#include "../../runtime/et_plan.c"
