/* The load-time planner compiled as the selective runners compile it
 * (runtime.mk's runner-for, from pte_run --info's "plan:" line), under
 * names of their own so that the tests can run them beside the full one:
 * plan_variant_min.c without outputs in place, views and inputs read in
 * place; plan_variant_no_in_place.c without outputs in place only;
 * plan_variant_in_place_only.c packed only with the outputs in place
 * (none of the inputs read in place). */
#ifndef PLAN_VARIANTS_H
#define PLAN_VARIANTS_H

#include "../../runtime/et_plan.h"

et_err et_plan_method_min(et_method *m, const et_arenas *old, et_pool *pool, const et_plan_options *opts,
                          et_plan_report *report, et_error *err);
et_err et_plan_method_in_place_only(et_method *m, const et_arenas *old, et_pool *pool, const et_plan_options *opts,
                                    et_plan_report *report, et_error *err);
et_err et_plan_method_no_in_place(et_method *m, const et_arenas *old, et_pool *pool, const et_plan_options *opts,
                                  et_plan_report *report, et_error *err);

#endif
