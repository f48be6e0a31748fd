// Layers that start processes and talk to real services get 30 s per test; Jest applies no
// `testTimeout` given inside a project, so it is set here, after the framework is installed.
jest.setTimeout(30_000);
