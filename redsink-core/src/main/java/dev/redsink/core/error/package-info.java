/** Failures the engine reports, each with a category telling a caller what to do about it. */
package dev.redsink.core.error;
