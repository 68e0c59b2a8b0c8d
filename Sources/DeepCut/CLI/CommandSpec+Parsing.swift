extension CommandSpec {
    /// Parses the words after the command's names.
    ///
    /// Accepts `--name value`, `--name=value`, flags, positionals in any order, and `--` after which every
    /// word is positional. `--help` or `-h` anywhere before `--` asks for help. A word starting with `-`
    /// is never taken as an option's value (write `--title=-ish`), so a forgotten value is reported as such —
    /// except a negative number (`--warn-age -5h`), which the option then refuses with its own range.
    /// - Throws: `UsageError` naming the offending word, with this command's usage.
    func parse(_ words: [String], program: String) throws -> CommandLineRequest {
        let beforeTerminator = words.prefix { $0 != "--" }
        if beforeTerminator.contains("--help") || beforeTerminator.contains("-h") {
            return .help(help(program: program))
        }
        func failure(_ problem: String) -> UsageError {
            UsageError(problem: "\(displayName(program: program)): \(problem)", usage: usage(program: program))
        }

        var parsed = ParsedArguments(command: self)
        var positionals: [String] = []
        var remaining = words[...]
        var onlyPositionals = false
        while let word = remaining.popFirst() {
            if onlyPositionals || word == "-" || !word.hasPrefix("-") {
                positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            let spelled = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            let inlineValue = word.firstIndex(of: "=").map { String(word[word.index(after: $0)...]) }
            guard spelled.hasPrefix("--"), let option = option(named: String(spelled.dropFirst(2))) else {
                throw failure("unknown option '\(spelled)'")
            }
            guard option.isRepeatable || !parsed.contains(option.name) else {
                throw failure("option '\(spelled)' given more than once")
            }
            switch option.kind {
            case .flag:
                guard inlineValue == nil else { throw failure("option '\(spelled)' takes no value") }
                parsed.set(option.name)
            case .value(let placeholder):
                if let inlineValue {
                    parsed.add(inlineValue, for: option.name)
                } else if let next = remaining.first, next == "-" || !next.hasPrefix("-") || Self.isNegativeNumber(next) {
                    parsed.add(next, for: option.name)
                    remaining.removeFirst()
                } else {
                    throw failure("option '\(spelled)' needs a value (\(placeholder))")
                }
            }
        }

        guard positionals.count <= arguments.count else {
            throw failure("unexpected argument '\(positionals[arguments.count])'")
        }
        for (argument, value) in zip(arguments, positionals) {
            parsed.set(value, forArgument: argument.name)
        }
        if let missing = options.first(where: { $0.isRequired && !parsed.contains($0.name) }) {
            throw failure("missing option '\(missing.synopsis)'")
        }
        if let missing = arguments.dropFirst(positionals.count).first(where: \.isRequired) {
            throw failure("missing argument \(missing.name)")
        }
        return .run(parsed)
    }

    /// `-5`, `-5h`, `-0.5d`: a minus then a digit, which no option name starts with.
    private static func isNegativeNumber(_ word: String) -> Bool {
        word.dropFirst().first.map { word.hasPrefix("-") && $0.isASCII && $0.isNumber } ?? false
    }
}
