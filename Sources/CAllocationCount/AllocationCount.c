#include "CAllocationCount.h"

bool allocation_count_interposed = false;
__thread bool allocation_count_counting = false;
__thread unsigned long allocation_count_made = 0;

bool allocation_count_available(void) {
    return allocation_count_interposed;
}

void allocation_count_start(void) {
    allocation_count_made = 0;
    allocation_count_counting = true;
}

unsigned long allocation_count_stop(void) {
    allocation_count_counting = false;
    return allocation_count_made;
}

bool allocation_count_pause(void) {
    bool counting = allocation_count_counting;
    allocation_count_counting = false;
    return counting;
}

void allocation_count_resume(bool counting) {
    allocation_count_counting = counting;
}
