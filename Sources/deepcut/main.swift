import DeepCut
import Foundation

exit(await DeepCutCLI.main(Array(CommandLine.arguments.dropFirst())))
