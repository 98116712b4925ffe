/**
 * Exit status of a Muster process whose configuration is wrong (sysexits'
 * EX_CONFIG). Restarting cannot help, so supervisors give up at once.
 */
export const EXIT_CONFIG_ERROR = 78;
