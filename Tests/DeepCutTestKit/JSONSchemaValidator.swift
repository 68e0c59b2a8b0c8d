import Foundation

/// Validates JSON documents against the repository's JSON Schemas with Python's `jsonschema`
/// (PyPI). `scripts/setup` installs it into `.build/jsonschema-venv` unless the `python3` on the
/// PATH already has it; a machine with neither fails the schema tests with `ValidatorMissing`,
/// never skips them.
package struct JSONSchemaValidator {
    /// The repository root, found from this file's path.
    package static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    package static let schemas = repository.appendingPathComponent("schemas", isDirectory: true)

    package static let snapshot = JSONSchemaValidator(schema: schemas.appendingPathComponent("snapshot.schema.json"))
    package static let health = JSONSchemaValidator(schema: schemas.appendingPathComponent("health.schema.json"))

    package struct ValidatorMissing: Error, CustomStringConvertible {
        package let description: String
    }

    package let schema: URL

    /// Checks the schema itself, then each document.
    /// - Returns: one line per violation (`name: path: problem`); empty when every document is valid.
    /// - Throws: `ValidatorMissing` when Python or `jsonschema` is not installed.
    package func problems(_ documents: [(name: String, json: Data)]) async throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("deepcut-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var arguments = ["-c", Self.script, schema.path]
        for (index, document) in documents.enumerated() {
            let file = folder.appendingPathComponent("\(index).json")
            try document.json.write(to: file)
            arguments += [document.name, file.path]
        }
        let (status, output) = try await Self.runPython(arguments)
        switch status {
        case 0: return []
        case 1: return output.split(separator: "\n").map(String.init)
        case 3:
            throw ValidatorMissing(
                description: "python3 has no `jsonschema` module: run scripts/test (scripts/setup installs it "
                    + "into .build/jsonschema-venv) or `python3 -m pip install --user jsonschema`")
        default: throw ValidatorMissing(description: "the schema validator failed (exit \(status)): \(output)")
        }
    }

    private static func runPython(_ arguments: [String]) async throws -> (Int32, String) {
        let venv = repository.appendingPathComponent(".build/jsonschema-venv/bin/python3")
        let result: ChildProcess.Result
        do {
            result =
                FileManager.default.isExecutableFile(atPath: venv.path)
                ? try await ChildProcess.run(venv.path, arguments, stderr: .stdout)
                : try await ChildProcess.run("/usr/bin/env", ["python3"] + arguments, stderr: .stdout)
        } catch {
            throw ValidatorMissing(
                description: "cannot run python3 for the schema tests: \(error); run scripts/test, which installs what they need")
        }
        // `env` exits 127 when python3 is not on the PATH.
        if result.status == 127 {
            throw ValidatorMissing(
                description: "python3 is not on the PATH: the schema tests need python3 with `jsonschema` (scripts/test installs it)")
        }
        return (result.status, result.stdoutText)
    }

    /// Exit 0 valid, 1 invalid (one line per problem), 3 no `jsonschema`.
    private static let script = """
        import json, sys
        try:
            import jsonschema
        except ImportError:
            sys.exit(3)
        with open(sys.argv[1], encoding="utf-8") as f:
            schema = json.load(f)
        cls = jsonschema.validators.validator_for(schema)
        cls.check_schema(schema)
        validator = cls(schema)
        problems = 0
        pairs = sys.argv[2:]
        for name, path in zip(pairs[0::2], pairs[1::2]):
            with open(path, encoding="utf-8") as f:
                document = json.load(f)
            for error in sorted(validator.iter_errors(document), key=lambda e: [str(p) for p in e.absolute_path]):
                problems += 1
                where = "/".join(str(p) for p in error.absolute_path) or "(root)"
                print(f"{name}: {where}: {error.message}")
        sys.exit(1 if problems else 0)
        """
}
