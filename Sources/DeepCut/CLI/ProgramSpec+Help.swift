extension ProgramSpec {
    /// Every command of `group` (all commands for `[]`), one usage line each.
    func usage(group: [String]) -> String {
        var lines = commands(in: group).map { $0.synopsis(program: name) }
        if group.isEmpty, !options.isEmpty {
            lines.insert(ownCommand.synopsis(program: name), at: 0)
        }
        return lines.enumerated()
            .map { index, line in (index == 0 ? "usage: " : "       ") + line }
            .joined(separator: "\n")
    }

    /// The `--help` text of the program, or of a command group such as `dismissals`.
    func help(group: [String]) -> String {
        let scope = ([name] + group).joined(separator: " ")
        let commandRows = commands(in: group).map { ($0.names.joined(separator: " "), $0.abstract) }
        var sections = [abstract, "usage: \(scope) <command> [options]", HelpTable.render(title: "commands:", rows: commandRows)]
        if group.isEmpty {
            let optionRows = options.map { ($0.synopsis, $0.help) } + [("-h, --help", "Show this help.")]
            sections.append(HelpTable.render(title: "options:", rows: optionRows))
        }
        sections.append("Run '\(name) <command> --help' for a command's options and arguments.")
        return sections.joined(separator: "\n\n")
    }
}
