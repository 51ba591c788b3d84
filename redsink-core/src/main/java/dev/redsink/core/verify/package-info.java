/**
 * {@code redsink verify}: an exactly-once audit of a table against its log. The runtime streams the
 * log once into a {@link dev.redsink.core.verify.LogPartition} per partition; the audit compares it
 * with the table by aggregate SQL in the cluster, narrowing down only where the figures disagree,
 * and reports each partition as a {@link dev.redsink.core.verify.PartitionReport}.
 */
package dev.redsink.core.verify;
