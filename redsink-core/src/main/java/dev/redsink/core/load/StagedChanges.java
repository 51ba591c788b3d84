package dev.redsink.core.load;

import dev.redsink.core.table.RowLayout;
import dev.redsink.core.typed.KeyFold.Operation;
import java.util.List;
import java.util.Set;

/**
 * What a key-folded load staged: the staging table's layout (the target's columns and the op
 * column), the key columns and the operations present.
 */
record StagedChanges(RowLayout stagingLayout, List<String> keyColumns, Set<Operation> operations) {}
