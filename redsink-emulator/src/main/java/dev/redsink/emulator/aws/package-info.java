/**
 * The AWS API calls clients make around a Redshift cluster, answered on the emulator's S3 endpoint
 * over the AWS protocols: STS (web identity and role credentials), Redshift's GetClusterCredentials
 * and Redshift Serverless' GetCredentials. Every signed request's SigV4 signature is checked, and
 * the temporary database users these calls issue are what the emulator's front end accepts.
 */
package dev.redsink.emulator.aws;
