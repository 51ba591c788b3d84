/** Table names from templates, row layouts and the check of existing tables against them. */
package dev.redsink.core.table;
