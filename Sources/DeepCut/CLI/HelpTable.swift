/// Two aligned columns under a title, as help screens list options and commands.
enum HelpTable {
    static func render(title: String, rows: [(String, String)]) -> String {
        let width = rows.map(\.0.count).max() ?? 0
        let lines = rows.map { name, help in
            "  " + name + String(repeating: " ", count: width - name.count + 3) + help
        }
        return ([title] + lines).joined(separator: "\n")
    }
}
