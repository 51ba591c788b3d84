package dev.redsink.demo;

/**
 * The demo's SUPER query: the sample orders are JSON text (payload_format = "text", as in the Quick
 * start), so JSON_PARSE makes each one a SUPER value and PartiQL navigation reads its attributes,
 * as a user would query them in Redshift.
 *
 * @see <a href="https://docs.aws.amazon.com/redshift/latest/dg/query-super.html">Querying
 *     semistructured data</a>
 */
final class SuperQuery {

  /** The three products ordered most often in orders_eu, read from the JSON payloads. */
  static final String TOP_PRODUCTS =
      "SELECT o.doc.product::VARCHAR AS product, COUNT(*) AS orders,"
          + " SUM(o.doc.quantity::INT) AS quantity"
          + " FROM (SELECT JSON_PARSE(payload) AS doc FROM orders_eu) AS o"
          + " GROUP BY 1 ORDER BY orders DESC, product LIMIT 3";

  private SuperQuery() {}
}
