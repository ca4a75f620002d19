import { storageContract } from "./contract-suite";
import { createMemoryStorage } from "./memory";

// The unit tests' stand-in answers as the real stores do.
storageContract("memory", () => createMemoryStorage());
