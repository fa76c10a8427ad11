// Starts and exits: the process-start floor of a Swift program.
