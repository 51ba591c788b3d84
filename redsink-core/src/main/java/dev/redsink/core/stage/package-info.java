/** Staged S3 objects: keys, manifests, uploads with checksums, deletion and archiving. */
package dev.redsink.core.stage;
