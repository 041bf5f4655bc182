/* et_plan.c without outputs in place (plan_variants.h). */
#define ET_NO_PLAN_IN_PLACE
#define et_plan_method et_plan_method_no_in_place
#include "../../runtime/et_plan.c"
