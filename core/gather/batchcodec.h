#pragma once

// The batch codec is part of the wire format: core/protocol/batchcodec.h.

#include "core/protocol/batchcodec.h"
