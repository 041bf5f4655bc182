/* et_plan.c without outputs in place, views and inputs read in place
 * (plan_variants.h). */
#define ET_NO_PLAN_IN_PLACE
#define ET_NO_PLAN_VIEWS
#define ET_NO_PLAN_BORROW
#define et_plan_method et_plan_method_min
#include "../../runtime/et_plan.c"
